import type { Finding, Language, Localized, Report, Severity } from '@sqltune/contracts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export type SarifLevel = 'error' | 'warning' | 'note';

export function sarifLevel(severity: Severity): SarifLevel {
  return severity === 'critical' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

export interface SarifOptions {
  /** The statement file as given on the command line, or 'stdin'. */
  uri: string;
  /** The --schema file, for table structure findings (their lines point into it). */
  schemaUri?: string;
  language: Language;
  version: string;
  /** The rule catalogue (driver.rules): statement rules, and for a mapper report the mapper rules too. */
  rules: readonly SarifRule[];
}

/** What SARIF lists of a rule: a statement rule (dialects, rewrites) or a mapper rule (frameworks). */
export interface SarifRule {
  readonly id: string;
  readonly title: Localized;
  readonly rationale: Localized;
  readonly severity: Severity;
  readonly category: string;
  readonly dialects?: readonly string[];
  readonly rewrites?: boolean;
  readonly frameworks?: readonly string[];
}

/**
 * The report as a SARIF 2.1.0 log (e.g. for GitHub code scanning): one run, the whole rule catalogue as
 * driver rules, one result per finding (located at its span, else at its statement's line). Table structure findings are listed once and point into the schema.
 * A mapper report gives one result per finding of each mapper statement, located in its XML file (`span.file`).
 */
export function formatSarif(report: Report, options: SarifOptions): string {
  const ruleIndex = new Map(options.rules.map((rule, i) => [rule.id, i] as const));
  // A finding without a span (e.g. select-star) points at its statement's first line: code scanning tools
  // drop results that have no location.
  const result = (finding: Finding, uri: string | undefined, statementLine?: number) => {
    const index = ruleIndex.get(finding.id);
    const region = finding.span
      ? { startLine: finding.span.line, startColumn: finding.span.column }
      : statementLine !== undefined
        ? { startLine: statementLine }
        : undefined;
    return {
      ruleId: finding.id,
      ...(index !== undefined ? { ruleIndex: index } : {}),
      level: sarifLevel(finding.severity),
      message: { text: finding.message[options.language] },
      ...(region && (finding.span?.file ?? uri)
        ? { locations: [{ physicalLocation: { artifactLocation: { uri: finding.span?.file ?? uri }, region } }] }
        : {}),
    };
  };
  const schemaFindings = new Map<string, Finding>();
  for (const statement of report.statements) {
    for (const finding of statement.schemaFindings) schemaFindings.set(JSON.stringify(finding), finding);
  }
  const log = {
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: 'sqltune',
            version: options.version,
            rules: options.rules.map((rule) => ({
              id: rule.id,
              name: rule.id,
              shortDescription: { text: rule.title.en },
              fullDescription: { text: rule.rationale.en },
              defaultConfiguration: { level: sarifLevel(rule.severity) },
              properties: {
                category: rule.category,
                ...(rule.dialects ? { dialects: [...rule.dialects] } : {}),
                ...(rule.rewrites !== undefined ? { rewrite: rule.rewrites } : {}),
                ...(rule.frameworks ? { frameworks: [...rule.frameworks] } : {}),
              },
            })),
          },
        },
        results: [
          ...(report.mapper
            ? report.mapper.statements.flatMap((statement) =>
                statement.findings.map((f) => result(f, statement.location.file, statement.location.line)),
              )
            : report.statements.flatMap((statement) =>
                statement.rules.map((f) => result(f, options.uri, statement.location?.line)),
              )),
          ...[...schemaFindings.values()].map((f) => result(f, options.schemaUri)),
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
