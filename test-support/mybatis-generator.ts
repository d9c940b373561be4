/**
 * mybatis-generator's Example clause as it writes it (`Example_Where_Clause`, and `Update_By_Example_Where_Clause`
 * over `example.oredCriteria`): a `<where>` of OR-ed criteria, each an AND of `${criterion.condition}` followed by
 * its value, two values or a list. The lines of the `<sql>` body, for tests that write a generated mapper.
 */
export function exampleWhereClause(collection: 'oredCriteria' | 'example.oredCriteria'): string[] {
  return [
    '    <where>',
    `      <foreach collection="${collection}" item="criteria" separator="or">`,
    '        <if test="criteria.valid">',
    '          <trim prefix="(" prefixOverrides="and" suffix=")">',
    '            <foreach collection="criteria.criteria" item="criterion">',
    '              <choose>',
    '                <when test="criterion.noValue">and ${criterion.condition}</when>',
    '                <when test="criterion.singleValue">and ${criterion.condition} #{criterion.value}</when>',
    '                <when test="criterion.betweenValue">and ${criterion.condition} #{criterion.value} and #{criterion.secondValue}</when>',
    '                <when test="criterion.listValue">and ${criterion.condition}',
    '                  <foreach close=")" collection="criterion.value" item="listItem" open="(" separator=",">#{listItem}</foreach>',
    '                </when>',
    '              </choose>',
    '            </foreach>',
    '          </trim>',
    '        </if>',
    '      </foreach>',
    '    </where>',
  ];
}
