-- The tables the PostgreSQL mappers of the corpus read.
CREATE TABLE account (id bigint PRIMARY KEY, login varchar(64) NOT NULL UNIQUE, display_name varchar(64) NOT NULL, email varchar(128), active boolean NOT NULL DEFAULT true, tenant_id integer NOT NULL, created_at timestamp NOT NULL, last_seen timestamp);
CREATE TABLE event (id bigint PRIMARY KEY, account_id bigint NOT NULL, kind varchar(32) NOT NULL, payload text, happened_at timestamptz NOT NULL, tenant_id integer NOT NULL);
CREATE INDEX event_account ON event (account_id);
CREATE TABLE project (id bigint PRIMARY KEY, tenant_id integer NOT NULL, name varchar(128) NOT NULL, archived boolean NOT NULL DEFAULT false, created_at timestamp NOT NULL);
CREATE TABLE project_member (project_id bigint NOT NULL, account_id bigint NOT NULL, role varchar(16) NOT NULL, PRIMARY KEY (project_id, account_id));
CREATE TABLE task (id bigint PRIMARY KEY, project_id bigint NOT NULL, assignee_id bigint, title varchar(200) NOT NULL, state varchar(16) NOT NULL, due_on date, estimate numeric(6,2), created_at timestamp NOT NULL);
-- sqltune:stats account rows=500000
-- sqltune:stats event rows=40000000
-- sqltune:stats project rows=80000
-- sqltune:stats project_member rows=600000
-- sqltune:stats task rows=3000000
