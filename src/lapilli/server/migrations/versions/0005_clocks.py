"""clocks and "your turn" notices: tables.to_move, clock, banks, deadline, turn_started;
seats.timed_out, email, optout_token, last_notice

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("to_move", sa.Integer, nullable=True))
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("banks", sa.JSON, nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("turn_started", sa.Float, nullable=True))
        batch.create_index("ix_tables_deadline", ["deadline"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("optout_token", sa.String(64), nullable=True))
        batch.add_column(sa.Column("last_notice", sa.Float, nullable=True))
        batch.create_index("ix_seats_optout_token", ["optout_token"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_optout_token")
        for name in ("last_notice", "optout_token", "email", "timed_out"):
            batch.drop_column(name)
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_deadline")
        for name in ("turn_started", "deadline", "banks", "clock", "to_move"):
            batch.drop_column(name)
