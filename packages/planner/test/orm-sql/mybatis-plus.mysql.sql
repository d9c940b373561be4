-- dialect: mysql
-- schema: mybatis-plus.mysql.schema.sql

==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE deleted=0 AND (age > ?)
==> Parameters: 18(Integer)
<==      Total: 2
2026-11-27 10:15:02.331 DEBUG 8122 --- [nio-8080-exec-1] c.e.demo.mapper.UserMapper.selectById    : ==>  Preparing: SELECT id,name,age,email,deleted FROM user WHERE id=? AND deleted=0
2026-11-27 10:15:02.332 DEBUG 8122 --- [nio-8080-exec-1] c.e.demo.mapper.UserMapper.selectById    : ==> Parameters: 1(Long)
==>  Preparing: SELECT COUNT(*) AS total FROM user WHERE deleted=0 AND (name LIKE ?)
==> Parameters: %J%(String)
==>  Preparing: UPDATE user SET deleted=1 WHERE id=? AND deleted=0
==> Parameters: 5(Long)
<==    Updates: 1
