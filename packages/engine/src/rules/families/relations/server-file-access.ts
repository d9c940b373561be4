import { child, functionName, visitsOf } from '../../../model/ast.ts';
import { queryScopes } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

const fileFunctions = new Set([
  'LOAD_FILE',
  'PG_READ_FILE',
  'PG_READ_BINARY_FILE',
  'PG_LS_DIR',
  'PG_STAT_FILE',
  'LO_IMPORT',
  'LO_EXPORT',
]);

/**
 * Statements that read or write files on the database server: LOAD_FILE(), SELECT ... INTO OUTFILE /
 * DUMPFILE, pg_read_file() and friends. Application code has no business doing this; it is how an
 * injection reads secrets or drops a web shell.
 */
export const serverFileAccess: Rule = {
  id: 'server-file-access',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: "SELECT c_name, c_phone INTO OUTFILE '/tmp/customers.csv' FROM customer",
    good: 'SELECT c_name, c_phone FROM customer',
  },
  rewrites: false,
  title: { zh: '读写数据库服务器上的文件', en: 'Reads or writes files on the database server' },
  rationale: {
    zh: 'LOAD_FILE()、SELECT ... INTO OUTFILE / DUMPFILE、pg_read_file()、lo_import/lo_export 等会直接读写数据库服务器上的文件。业务 SQL 不应这样做：这正是注入攻击读取敏感文件、写入 WebShell 的手段。导出数据请用客户端工具，并确认数据库账号没有 FILE 权限或超级用户权限。',
    en: 'LOAD_FILE(), SELECT ... INTO OUTFILE / DUMPFILE, pg_read_file(), lo_import/lo_export and the like read or write files on the database server. Application SQL should never do this: it is how an injection reads sensitive files or drops a web shell. Export data with client tools, and make sure the application account has no FILE or superuser privilege.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { node } of visitsOf(statement.ast)) {
      const upper = functionName(node);
      const name = upper && /^(PG|LO)_/.test(upper) ? upper.toLowerCase() : upper;
      if (upper && name && fileFunctions.has(upper)) {
        matches.push(
          matchAt(
            node,
            {
              zh: `${name}() 直接访问数据库服务器上的文件。`,
              en: `${name}() accesses files on the database server.`,
            },
            statement.text,
          ),
        );
      }
    }
    for (const { query } of queryScopes(statement.ast)) {
      const keyword = String(child(query, 'into')?.keyword ?? '').toUpperCase();
      if (keyword !== 'OUTFILE' && keyword !== 'DUMPFILE') continue;
      matches.push({
        message: {
          zh: `INTO ${keyword} 会把查询结果写入数据库服务器上的文件。`,
          en: `INTO ${keyword} writes the result to a file on the database server.`,
        },
      });
    }
    return matches;
  },
};
