"""rating changes: each account's rating before and after a finished rated table, kept for the
table's end screen

Revision ID: 0012
Revises: 0011

Tables rated before this have no rows: their end screen shows no rating change.
"""
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_index("ix_rating_changes_table_id", "rating_changes", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_table_id", "rating_changes")
    op.drop_table("rating_changes")
