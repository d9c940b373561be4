CREATE TABLE `user` (
  id bigint NOT NULL PRIMARY KEY,
  name varchar(30) DEFAULT NULL,
  age int DEFAULT NULL,
  email varchar(50) DEFAULT NULL,
  deleted int NOT NULL DEFAULT 0
) ENGINE=InnoDB;
