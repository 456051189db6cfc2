"""notice addresses: an address gets "your turn" notices only once its owner followed the
confirmation link (the link's secret stored hashed, single use); when the last confirmation
mail went, and the notices sent to it in the current hour

Revision ID: 0011
Revises: 0010

Addresses given before this have no row: they get no notice until confirmed (the next address
given at a table, or the next sign-up, sends the question).
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_addresses",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("address", sa.String(254), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("asked", sa.Float, nullable=True),
        sa.Column("confirmed", sa.Float, nullable=True),
        sa.Column("hour_start", sa.Float, nullable=True),
        sa.Column("hour_sent", sa.Integer, nullable=False),
    )
    op.create_index("ix_notice_addresses_token_hash", "notice_addresses", ["token_hash"])


def downgrade() -> None:
    op.drop_index("ix_notice_addresses_token_hash", "notice_addresses")
    op.drop_table("notice_addresses")
