"""name skeletons: users.skeleton and users.skeleton_folded, each account's confusable skeletons
(names.keys), so that a guest's name or a new username that looks like an account's is found by
an indexed lookup; existing accounts get theirs here

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from lapilli.server.names import keys

    op.add_column("users", sa.Column("skeleton", sa.String(200), nullable=True))
    op.add_column("users", sa.Column("skeleton_folded", sa.String(200), nullable=True))
    op.create_index("ix_users_skeleton", "users", ["skeleton"])
    op.create_index("ix_users_skeleton_folded", "users", ["skeleton_folded"])
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("username", sa.String),
                     sa.column("skeleton", sa.String), sa.column("skeleton_folded", sa.String))
    for uid, name in conn.execute(sa.select(users.c.id, users.c.username)).all():
        plain, folded = keys(name)
        conn.execute(users.update().where(users.c.id == uid).values(skeleton=plain, skeleton_folded=folded))


def downgrade() -> None:
    op.drop_index("ix_users_skeleton_folded", "users")
    op.drop_index("ix_users_skeleton", "users")
    op.drop_column("users", "skeleton_folded")
    op.drop_column("users", "skeleton")
