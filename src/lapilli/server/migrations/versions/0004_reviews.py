"""reviews: the coach's review of one seat of a finished game, computed once and kept;
hints: per seat, whether its person agreed to hints at the table and how many hints it used

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), index=True),
        sa.Column("seat", sa.Integer),
        sa.Column("level", sa.String(16)),
        sa.Column("data", sa.JSON),
        sa.Column("created", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("table_id", "seat", "level"),
    )
    op.create_table(
        "hints",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), index=True),
        sa.Column("seat", sa.Integer),
        sa.Column("agree", sa.Boolean, default=False),
        sa.Column("used", sa.Integer, default=0),
        sa.UniqueConstraint("table_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("hints")
    op.drop_table("reviews")
