"""fair seeds: 63-bit seeds, their salt and commitment, and the seeding that made the generator

Revision ID: 0002
Revises: 0001

Tables created before keep an empty salt and commitment (their records cannot be verified) and
the "linear" seeding, so they go on replaying exactly as they were played.
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite's INTEGER already holds 64 bits; there, altering the type would copy the table, and
    # dropping the old copy would cascade to every seat and step.  Columns are added in place.
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("tables", "seed", type_=sa.BigInteger, existing_type=sa.Integer, existing_nullable=False)
    op.add_column("tables", sa.Column("salt", sa.String(64), nullable=False, server_default=""))
    op.add_column("tables", sa.Column("commitment", sa.String(64), nullable=False, server_default=""))
    op.add_column("tables", sa.Column("seeding", sa.String(16), nullable=False, server_default="linear"))


def downgrade() -> None:
    with op.batch_alter_table("tables", recreate="never") as batch:
        batch.drop_column("seeding")
        batch.drop_column("commitment")
        batch.drop_column("salt")
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("tables", "seed", type_=sa.Integer, existing_type=sa.BigInteger, existing_nullable=False)
