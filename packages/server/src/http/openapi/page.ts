import type { OpenApiDocument } from './document.ts';

/**
 * The browsable form of the OpenAPI document: one server-rendered page, no script (the app's Content-Security-Policy
 * holds), every operation with its sign-in need, inputs, answer and refusal codes. The raw document is linked.
 */
export function renderApiPage(document: OpenApiDocument, jsonUrl: string): string {
  const sections = document.tags.map(({ name }) => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation as Operation).tags?.includes(name))
        .map(([method, operation]) => renderOperation(method, path, operation as Operation)),
    );
    return `<section><h2 id="${escapeHtml(name)}">${escapeHtml(name)}</h2>${operations.join('')}</section>`;
  });
  const toc = document.tags.map(({ name }) => `<a href="#${escapeHtml(name)}">${escapeHtml(name)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>OpenAPI 3.1 document: <a href="${escapeHtml(jsonUrl)}">${escapeHtml(jsonUrl)}</a></p>
<nav>${toc}</nav>
${sections.join('\n')}
</main></body></html>`;
}

interface Operation {
  summary: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  'x-error-codes'?: Array<{ code: number; status: number; zh: string; en: string }>;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const signIn = (operation.security?.length ?? 0) > 0 ? 'sign-in required' : 'no sign-in';
  const parameters = (operation.parameters ?? [])
    .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
    .join('');
  const bodies = Object.entries(operation.requestBody?.content ?? {})
    .map(([type, { schema }]) => `<h4>Body: ${escapeHtml(type)}</h4>${json(schema)}`)
    .join('');
  // The envelope is the same for every call (described at the top): show the part that differs, its data.
  const envelope = operation.responses['200']?.content?.['application/json']?.schema as
    | { allOf?: Array<{ properties?: { data?: unknown } }> }
    | undefined;
  const answer = envelope?.allOf?.[1]?.properties?.data;
  const errors = (operation['x-error-codes'] ?? [])
    .map(
      (e) => `<tr><td>${e.code}</td><td>${e.status}</td><td>${escapeHtml(e.en)}</td><td>${escapeHtml(e.zh)}</td></tr>`,
    )
    .join('');
  return `<details><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>
 — ${escapeHtml(operation.summary)} <em>${signIn}</em></summary>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ''}${bodies}
<h4>Answer data</h4>${json(answer ?? { type: 'null' })}
<h4>Refusal codes</h4><table><tr><th>code</th><th>HTTP</th><th>en</th><th>zh</th></tr>${errors}</table></details>`;
}

function json(value: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:14px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC",sans-serif;margin:0;color:#1f1f1f}
main{max-width:1100px;margin:0 auto;padding:16px}h1 small{color:#888;font-size:60%}
details{border:1px solid #e5e5e5;border-radius:6px;margin:8px 0;padding:8px 12px}summary{cursor:pointer}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-weight:600;font-size:12px}
.get{background:#1677ff}.post{background:#52c41a}.patch{background:#fa8c16}.delete{background:#ff4d4f}.put{background:#722ed1}
pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:360px;font-size:12px}
table{border-collapse:collapse}td,th{border:1px solid #eee;padding:2px 8px;text-align:left}em{color:#888;font-size:12px}`;
