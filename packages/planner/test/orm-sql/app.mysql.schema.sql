CREATE TABLE users (
  id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email varchar(255) NOT NULL,
  name varchar(100) DEFAULT NULL,
  status varchar(20) NOT NULL DEFAULT 'active',
  age int DEFAULT NULL,
  deleted tinyint NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  deleted_at datetime DEFAULT NULL
) ENGINE=InnoDB;
CREATE TABLE orders (
  id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id bigint NOT NULL,
  total decimal(10,2) NOT NULL,
  status varchar(20) NOT NULL,
  created_at datetime NOT NULL,
  KEY idx_orders_user (user_id)
) ENGINE=InnoDB;
CREATE TABLE app_user (
  id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  username varchar(150) NOT NULL UNIQUE,
  email varchar(254) NOT NULL,
  is_active tinyint(1) NOT NULL,
  date_joined datetime(6) NOT NULL
) ENGINE=InnoDB;
