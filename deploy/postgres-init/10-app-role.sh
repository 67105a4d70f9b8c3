#!/bin/sh
# Run by the postgres image on the database's first start only (/docker-entrypoint-initdb.d): the
# application's role beside the owner (POSTGRES_USER, compose.yaml). The application's role owns
# nothing; each start of Comptoir, as the owner (MIGRATION_DATABASE_URL), migrates and grants it its
# rights. docs/operations.md#database-roles
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$(cat /run/secrets/postgres_app_password)" <<'SQL'
create role comptoir_app login password :'app_password';
revoke all on database comptoir from public;
grant connect on database comptoir to comptoir_app;
SQL
