/**
 * A readable API reference rendered on the server from the OpenAPI document: no script, so
 * it works under the gateway's strict Content-Security-Policy.
 */
type Json = Record<string, unknown>;

const escape = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function schemaSummary(schema: Json | undefined): string {
  if (!schema) return '';
  const props = schema.properties as Record<string, Json> | undefined;
  if (!props) return `<code>${escape(schema.type ?? 'object')}</code>`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(props)
    .map(
      ([name, p]) =>
        `<tr><td><code>${escape(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${escape(p.type ?? (p.enum ? 'enum' : p.anyOf ? 'one of' : ''))}${p.enum ? ` (${(p.enum as unknown[]).map(escape).join(', ')})` : ''}</td></tr>`,
    )
    .join('');
  return `<table><tbody>${rows}</tbody></table>`;
}

export function renderReferencePage(doc: Json): string {
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[]) ?? ['Other'])[0];
      const roles = op['x-roles'] as string[] | undefined;
      const staff = roles && roles.length < 4 ? `staff token: ${roles.join(', ')}` : 'staff token';
      const security = op.security ? ((op.security as Json[])[0].bearerAuth ? staff : 'X-Webhook-Secret') : 'public';
      const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
      const params = (op.parameters as Json[]).map((p) => `<code>${escape(p.name)}</code> (${escape(p.in)})`).join(', ');
      const statuses = Object.keys(op.responses as Json).join(', ');
      const html = `<section class="op"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <span class="access">${security}</span></h3>
<p>${escape(op.summary)}</p>${op.description ? `<p class="desc">${escape(op.description)}</p>` : ''}
${params ? `<p><strong>Parameters:</strong> ${params}</p>` : ''}${body ? `<details><summary>Request body</summary>${schemaSummary(body)}</details>` : ''}
<p class="statuses">Responses: ${escape(statuses)}</p></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}`).join('\n');
  const toc = [...byTag.keys()].map((t) => `<a href="#${escape(t)}">${escape(t)}</a>`).join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(info.title)}</title><link rel="stylesheet" href="/api/docs/reference.css"></head>
<body><main><h1>${escape(info.title)}</h1><p>${escape(info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI ${escape(doc.openapi)}). Every error is JSON <code>{ "message": "…" }</code>.</p>
<nav>${toc}</nav>${sections}</main></body></html>`;
}

export const referenceCss = `body{font-family:system-ui,sans-serif;margin:0;background:#faf7f5;color:#222}main{max-width:960px;margin:0 auto;padding:24px}
h1{color:#9d174d}h2{border-bottom:2px solid #f3d1dc;padding-top:16px}nav a{margin-right:4px}
.op{background:#fff;border:1px solid #eee;border-radius:8px;padding:8px 16px;margin:12px 0}.op h3{font-size:1rem;margin:8px 0}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;padding:2px 6px;font-size:.8rem}
.get{background:#2563eb}.post{background:#15803d}.put{background:#b45309}.patch{background:#7c3aed}.delete{background:#b91c1c}
.access{font-size:.75rem;color:#555;border:1px solid #ccc;border-radius:4px;padding:1px 4px;margin-left:8px}.req{color:#b91c1c;font-size:.75rem}
table{border-collapse:collapse}td{padding:2px 8px;border-bottom:1px solid #eee}.statuses{color:#555;font-size:.85rem}.desc{color:#444}`;
