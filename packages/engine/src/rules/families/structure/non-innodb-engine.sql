-- Fixture cases of non-innodb-engine. Format: test-support/rule-fixtures.ts.

-- matches: 1
CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT) ENGINE=MEMORY;

-- matches: 1
ALTER TABLE orders ENGINE=MyISAM;

-- matches: 1
CREATE TABLE archive_2020 (id BIGINT PRIMARY KEY) ENGINE ARCHIVE;

-- matches: 0
CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT) ENGINE=InnoDB;

-- matches: 0
CREATE TABLE cache_entry (k VARCHAR(64) PRIMARY KEY, v TEXT);

-- matches: 0
ALTER TABLE orders ENGINE=InnoDB;
