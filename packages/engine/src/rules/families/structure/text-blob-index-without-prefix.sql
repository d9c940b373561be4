-- Fixture cases of text-blob-index-without-prefix. Format: test-support/rule-fixtures.ts.

-- matches: 2
CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT, digest BLOB, KEY idx_body (body), UNIQUE KEY uk_digest (digest));

-- schema: document
-- matches: 1
CREATE INDEX idx_body ON document (body);

-- schema: document
-- matches: 1
CREATE INDEX idx_meta ON document (meta);

-- The column added by the same ALTER TABLE is known too.
-- schema: document
-- matches: 1
ALTER TABLE document ADD COLUMN summary MEDIUMTEXT, ADD INDEX idx_summary (title, summary);

-- matches: 0
CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT, KEY idx_body (body(64)), FULLTEXT KEY ft_body (body));

-- schema: document
-- matches: 0
CREATE INDEX idx_body ON document (body(100), created_at);

-- schema: document
-- matches: 0
CREATE INDEX idx_title ON document (title);

-- Unknown column types: silent.
-- matches: 0
CREATE INDEX idx_body ON document (body);
