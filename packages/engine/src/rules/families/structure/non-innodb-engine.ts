import type { Localized } from '@sqltune/contracts';
import { children } from '../../../model/ast.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { alterActions, isCreateTable, keywordSpan, matchIn, optionValue, targetTable } from './ddl.ts';

/** What the common non-transactional engines cost, beyond "not InnoDB". */
const engineConsequences: Record<string, Localized> = {
  MYISAM: {
    zh: '不支持事务和崩溃恢复，写入锁整张表',
    en: 'it has no transactions or crash recovery, and every write locks the whole table',
  },
  MEMORY: {
    zh: '数据只在内存中，重启后全部丢失，且写入锁整张表',
    en: 'its rows live in memory only and vanish on restart, and every write locks the whole table',
  },
};

const fallback: Localized = {
  zh: '不具备 InnoDB 的事务、行锁和崩溃恢复',
  en: 'it lacks the transactions, row locks and crash recovery of InnoDB',
};

/** `ENGINE=MyISAM` (or MEMORY, ARCHIVE ...) in CREATE TABLE or ALTER TABLE. */
export const nonInnodbEngine: Rule = {
  id: 'non-innodb-engine',
  category: 'Other',
  severity: 'warning',
  dialects: ['mysql'],
  example: {
    bad: 'CREATE TABLE audit_event (id BIGINT PRIMARY KEY, action VARCHAR(40) NOT NULL) ENGINE=MyISAM',
    good: 'CREATE TABLE audit_event (id BIGINT PRIMARY KEY, action VARCHAR(40) NOT NULL) ENGINE=InnoDB',
  },
  rewrites: false,
  title: { zh: '存储引擎不是 InnoDB', en: 'Storage engine other than InnoDB' },
  rationale: {
    zh: 'MyISAM 不支持事务，回滚和崩溃后都无法保证数据一致，断电后常需要 REPAIR TABLE；它只有表级锁，一条慢写入会阻塞所有读写。MEMORY 表重启即丢失数据，同样只有表级锁。在线热备工具（XtraBackup、MySQL Enterprise Backup）能不停写地复制 InnoDB 表，复制 MyISAM 表时却必须阻塞写入。业务表请使用 ENGINE=InnoDB（默认值）。',
    en: 'MyISAM has no transactions: neither a rollback nor a crash leaves data consistent, and a power loss often means REPAIR TABLE; it locks whole tables, so one slow write blocks every read and write. MEMORY tables lose their rows on restart and lock whole tables too. Hot backup tools (XtraBackup, MySQL Enterprise Backup) copy InnoDB tables online but must block writes while they copy MyISAM tables. Use ENGINE=InnoDB (the default) for application tables.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    const engines: string[] = isCreateTable(ast)
      ? children(ast, 'table_options')
          .filter((option) => String(option.keyword).toLowerCase() === 'engine')
          .map((option) => optionValue(option.value))
      : alterActions(ast)
          .filter((action) => action.resource === 'engine')
          .map((action) => optionValue(action.engine));
    const table = targetTable(ast) ?? '';
    const matches: RuleMatch[] = [];
    for (const engine of engines.map((e) => e.toUpperCase())) {
      if (!engine || engine === 'INNODB') continue;
      const consequence = engineConsequences[engine] ?? fallback;
      matches.push(
        matchIn(keywordSpan(statement, ['ENGINE']), {
          zh: `表 ${table} 使用 ${engine} 引擎：${consequence.zh}；请使用 InnoDB。`,
          en: `Table ${table} uses the ${engine} engine: ${consequence.en}; use InnoDB.`,
        }),
      );
    }
    return matches;
  },
};
