"""accounts and ratings: users, their sessions and per-game ratings; seats.user_id binds a seat
to its signed-in person; tables.rated / rated_done mark rated tables and whether the finished
game's ratings were applied

Revision ID: 0006
Revises: 0005

Existing tables become unrated tables of guests (every new column is NULL or false), so games in
progress carry on as they were.
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(40), nullable=False),
        sa.Column("key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("failed", sa.Integer, nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("user_id", "game"),
    )
    op.create_index("ix_ratings_user_id", "ratings", ["user_id"])
    op.create_index("ix_ratings_game", "ratings", ["game"])
    # columns are added in place (SQLite takes ADD COLUMN with a REFERENCES clause and a NULL
    # default): copying a table there would cascade the old copy's deletion to seats and steps
    if op.get_bind().dialect.name == "sqlite":  # Alembic adds no constraint there; SQLite itself does
        op.execute("ALTER TABLE seats ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE SET NULL")
    else:
        op.add_column("seats", sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                                         nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("rated_done", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables", recreate="never") as batch:
        batch.drop_column("rated_done")
        batch.drop_column("rated")
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("seats", recreate="never") as batch:
        batch.drop_column("user_id")
    op.drop_table("ratings")
    op.drop_table("sessions")
    op.drop_table("users")
