-- dialect: mysql
-- schema: mybatis-plus.mysql.schema.sql

-- expect rules: none
-- expect index: CREATE INDEX `idx_user_deleted` ON `user` (`deleted`);
==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE deleted=0 AND (age > ?)
==> Parameters: 18(Integer)
<==      Total: 2
-- expect rules: none
-- expect index: none
2026-11-27 10:15:02.331 DEBUG 8122 --- [nio-8080-exec-1] c.e.demo.mapper.UserMapper.selectById    : ==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE id=? AND deleted=0
2026-11-27 10:15:02.332 DEBUG 8122 --- [nio-8080-exec-1] c.e.demo.mapper.UserMapper.selectById    : ==> Parameters: 1(Long)
-- expect rules: none
-- expect index: CREATE INDEX `idx_user_deleted` ON `user` (`deleted`);
==>  Preparing: SELECT COUNT(*) AS total FROM user WHERE deleted=0 AND (name LIKE ?)
==> Parameters: %J%(String)
-- expect rules: none
-- expect index: none
==>  Preparing: UPDATE user SET deleted=1 WHERE id=? AND deleted=0
==> Parameters: 5(Long)
<==    Updates: 1
-- expect rules: none
-- expect index: none
==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE id IN ( ? , ? , ? ) AND deleted=0
==> Parameters: 1(Long), 2(Long), 3(Long)
<==      Total: 3
-- expect rules: none
-- expect index: CREATE INDEX `idx_user_email_deleted_age_cover` ON `user` (`email`, `deleted`, `age`, `name`);
==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE deleted=0 AND (email = ?) ORDER BY age DESC LIMIT ?,?
==> Parameters: jone@example.com(String), 0(Long), 10(Long)
-- expect rules: none
-- expect index: CREATE INDEX `idx_user_email_deleted` ON `user` (`email`, `deleted`);
==>  Preparing: SELECT COUNT( * ) AS total FROM user WHERE deleted=0 AND (email = ?)
==> Parameters: jone@example.com(String)
<==      Total: 1
