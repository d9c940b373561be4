CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email varchar(255) NOT NULL,
  name varchar(100),
  status varchar(20) NOT NULL DEFAULT 'active',
  created_at timestamp NOT NULL DEFAULT now(),
  deleted_at timestamp
);
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  total numeric(10,2) NOT NULL,
  status varchar(20) NOT NULL,
  created_at timestamp NOT NULL DEFAULT now()
);
CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  title varchar(200) NOT NULL,
  published boolean NOT NULL DEFAULT false,
  created_at timestamp NOT NULL,
  updated_at timestamp NOT NULL,
  deleted_at timestamp
);
CREATE TABLE app_user (
  id serial PRIMARY KEY,
  username varchar(150) NOT NULL UNIQUE,
  email varchar(254) NOT NULL,
  is_active boolean NOT NULL,
  is_staff boolean NOT NULL,
  date_joined timestamp with time zone NOT NULL
);
CREATE TABLE app_group (id serial PRIMARY KEY, name varchar(150) NOT NULL UNIQUE);
CREATE TABLE app_user_groups (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user(id),
  group_id integer NOT NULL REFERENCES app_group(id)
);
