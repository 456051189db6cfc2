"""heartbeats: one row per server instance that its write probe rewrites (``Store.write_probe``)

Revision ID: 0010
Revises: 0009
"""
import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("heartbeats",
                    sa.Column("instance", sa.String(100), primary_key=True),
                    sa.Column("at", sa.Float(), nullable=False))


def downgrade() -> None:
    op.drop_table("heartbeats")
