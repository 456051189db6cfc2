"""ratings pending: an index that finds the finished rated tables whose rating changes are not
applied yet (``rated`` and not ``rated_done``), which every instance retries

Revision ID: 0007
Revises: 0006
"""
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_rating_pending", "tables", ["rated", "rated_done"])


def downgrade() -> None:
    op.drop_index("ix_tables_rating_pending", "tables")
