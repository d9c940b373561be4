-- Tables of the PostgreSQL mappers of the real-mappers sweep (DolphinScheduler/Linkis-like schedulers, an event
-- store with jsonb, a multi-tenant SaaS account table), as those projects create them.
CREATE TABLE t_ds_project (id serial PRIMARY KEY, name varchar(100) NOT NULL, code bigint NOT NULL, description varchar(255), user_id int, flag int DEFAULT 1, create_time timestamp NOT NULL, update_time timestamp);
CREATE UNIQUE INDEX unique_name ON t_ds_project (name);
CREATE UNIQUE INDEX unique_code ON t_ds_project (code);
CREATE TABLE t_ds_user (id serial PRIMARY KEY, user_name varchar(64), user_password varchar(64), user_type int, email varchar(64), phone varchar(11), tenant_id int, create_time timestamp, update_time timestamp, queue varchar(64), state int DEFAULT 1, time_zone varchar(32));
CREATE TABLE t_ds_process_instance (id serial PRIMARY KEY, name varchar(255), process_definition_code bigint, project_code bigint, state int, state_history text, recovery int, start_time timestamp, end_time timestamp, run_times int, host varchar(135), command_type int, executor_id int, is_sub_process int DEFAULT 0, schedule_time timestamp, update_time timestamp, tenant_code varchar(64), next_process_instance_id int DEFAULT 0, dry_run int DEFAULT 0);
CREATE INDEX process_instance_index ON t_ds_process_instance (process_definition_code, id);
CREATE INDEX start_time_index ON t_ds_process_instance (start_time, end_time);
CREATE TABLE event_store (id bigserial PRIMARY KEY, aggregate_id uuid NOT NULL, aggregate_type varchar(64) NOT NULL, version int NOT NULL, event_type varchar(128) NOT NULL, payload jsonb NOT NULL, metadata jsonb, tags text[], created_at timestamptz NOT NULL DEFAULT now());
CREATE UNIQUE INDEX uk_event_store_agg_version ON event_store (aggregate_id, version);
CREATE TABLE tenant_account (id bigserial PRIMARY KEY, tenant_id bigint NOT NULL, email varchar(255) NOT NULL, display_name varchar(128), settings jsonb NOT NULL DEFAULT '{}', roles text[] NOT NULL DEFAULT '{}', last_login_at timestamptz, deleted boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE UNIQUE INDEX uk_tenant_account_email ON tenant_account (tenant_id, email);
CREATE TABLE linkis_ps_job_history_group_history (id bigserial PRIMARY KEY, job_req_id varchar(64), submit_user varchar(50), execute_user varchar(50), source text, labels text, params text, progress varchar(32), status varchar(50), log_path varchar(200), error_code int, error_desc varchar(1000), created_time timestamp(6) DEFAULT CURRENT_TIMESTAMP, updated_time timestamp(6) DEFAULT CURRENT_TIMESTAMP, instances varchar(250), metrics text, engine_type varchar(32), execution_code text, result_location varchar(500));
CREATE INDEX idx_created_time ON linkis_ps_job_history_group_history (created_time);
CREATE INDEX idx_submit_user ON linkis_ps_job_history_group_history (submit_user);
CREATE TABLE user_info (id bigserial PRIMARY KEY, user_name varchar(64) NOT NULL, email varchar(128), mobile varchar(20), status smallint NOT NULL DEFAULT 1, dept_id bigint, create_time timestamp, update_time timestamp, remark text);
CREATE UNIQUE INDEX uk_user_info_user_name ON user_info (user_name);
CREATE INDEX idx_user_info_dept_id ON user_info (dept_id);
