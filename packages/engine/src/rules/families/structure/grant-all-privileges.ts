import { type AstNode, child, children } from '../../../model/ast.ts';
import { isGrant } from '../../../model/nodes.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { keywordSpan, matchIn, optionValue } from './ddl.ts';

/** `*.*`, `shop.*`, `orders`, `ALL TABLES IN SCHEMA public`: what the grant covers, as written. */
function grantedObjects(on: AstNode | undefined): string {
  const levels = children(on ?? {}, 'priv_level').map((level) =>
    [level.prefix, level.name].filter((part) => typeof part === 'string').join('.'),
  );
  const kind = optionValue(child(on ?? {}, 'object_type'));
  return `${kind ? `${kind.toUpperCase()} ` : ''}${levels.join(', ')}`;
}

function grantees(ast: AstNode | undefined): string {
  return children(ast ?? {}, 'user_or_roles')
    .map((user) => {
      const name = optionValue(child(user, 'name'));
      const host = optionValue(child(user, 'host'));
      return host ? `'${name}'@'${host}'` : name;
    })
    .join(', ');
}

/** `GRANT ALL [PRIVILEGES] ON ...`: the account can drop, alter and read everything it covers. */
export const grantAllPrivileges: Rule = {
  id: 'grant-all-privileges',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: "GRANT ALL ON *.* TO 'app'@'%'",
    good: "GRANT SELECT, INSERT, UPDATE, DELETE ON shop.* TO 'app'@'10.0.%'",
  },
  rewrites: false,
  title: { zh: '授予全部权限（GRANT ALL）', en: 'GRANT ALL privileges' },
  rationale: {
    zh: 'GRANT ALL 授予对象上的全部权限，包括 DROP、ALTER、建删索引、授权等。在 MySQL 中 ON *.* 还包括 FILE（读写服务器文件）、SUPER、SHUTDOWN、CREATE USER 等管理权限，等同于数据库管理员。应用账号一旦泄露或出现 SQL 注入，攻击者就能删库、读取全部数据甚至读写服务器文件。请遵循最小权限原则：只授予应用需要的 SELECT、INSERT、UPDATE、DELETE，限定到具体的库或表，MySQL 中还应限定来源主机，不要附带 WITH GRANT OPTION。',
    en: 'GRANT ALL gives every privilege on the object, including DROP, ALTER, index changes and granting. In MySQL, ON *.* also brings FILE (server file access), SUPER, SHUTDOWN, CREATE USER and other administrative privileges: a database administrator in all but name. If the application account leaks or an SQL injection gets through, the attacker can drop databases, read every row and even read and write server files. Follow least privilege: grant only the SELECT, INSERT, UPDATE and DELETE the application needs, on specific databases or tables, from specific hosts in MySQL, and without WITH GRANT OPTION.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isGrant(ast)) return [];
    const all = children(ast, 'objects').some((object) =>
      /^all( privileges)?$/i.test(optionValue(child(object, 'priv')).trim()),
    );
    if (!all) return [];
    const objects = grantedObjects(child(ast, 'on'));
    const everything = statement.dialect === 'mysql' && objects === '*.*';
    const withGrant = /grant option/i.test(optionValue(child(ast, 'with')));
    const extra = [
      everything
        ? {
            zh: '，且覆盖整个实例（含 FILE、SUPER 等管理权限）',
            en: ', instance-wide (FILE, SUPER and other administrative privileges included)',
          }
        : null,
      withGrant
        ? { zh: '，还能再转授给他人（WITH GRANT OPTION）', en: ', and may pass them on (WITH GRANT OPTION)' }
        : null,
    ].filter((part) => part !== null);
    return [
      matchIn(keywordSpan(statement, ['GRANT']), {
        zh: `把 ${objects} 上的全部权限授予 ${grantees(ast)}${extra.map((p) => p.zh).join('')}。`,
        en: `All privileges on ${objects} go to ${grantees(ast)}${extra.map((p) => p.en).join('')}.`,
      }),
    ];
  },
};
