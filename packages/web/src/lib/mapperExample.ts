/**
 * The "fill example" content of the XML screen: a MyBatis mapper with the habits the mapper rules look for (a
 * function on an indexed column, `${}`, a DELETE whose WHERE can vanish, WHERE 1=1), and its MySQL tables.
 */

export const EXAMPLE_MAPPER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="shop.OrderMapper">
  <sql id="columns">id, user_id, status, total, created_at</sql>

  <select id="findThisYear" resultType="map">
    SELECT <include refid="columns"/> FROM orders
    WHERE YEAR(created_at) = 2024
    <if test="userId != null">AND user_id = #{userId}</if>
  </select>

  <select id="search" resultType="map">
    SELECT <include refid="columns"/> FROM orders
    WHERE 1=1
    <if test="status != null">AND status = #{status}</if>
    <if test="ids != null and ids.size() > 0">
      AND id IN <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach>
    </if>
    ORDER BY \${sortColumn}
    LIMIT #{offset}, #{pageSize}
  </select>

  <delete id="purge">
    DELETE FROM orders
    <where>
      <if test="status != null">status = #{status}</if>
    </where>
  </delete>
</mapper>`;

export const EXAMPLE_MAPPER_SCHEMA = `CREATE TABLE orders (
  id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  status INT NOT NULL,
  total DECIMAL(15, 2) NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (id)
);

-- sqltune:stats orders rows=2000000
-- sqltune:stats orders.user_id distinct=150000
-- sqltune:stats orders.status distinct=5`;
