"""The HTTP routes, one APIRouter per area; create_app (server/app.py) includes them all.  Each
module's docstring says who may use its routes."""
