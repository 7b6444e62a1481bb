import React from 'react';
import { history } from '@umijs/max';
import './index.less';

/**
 * A small, safe markdown renderer for the assistant's answers: paragraphs, **bold**, `code`,
 * links, block quotes, ordered and bullet lists and pipe tables. It builds React elements
 * from the text and never inserts HTML, so markup in an answer is shown as text. Links go
 * to pages of the app (paths starting with /) or to http(s) addresses in a new tab.
 */
function inline(text: string, key: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{inline(m[1], k)}</strong>);
    else if (m[2] !== undefined) out.push(<code key={k}>{m[2]}</code>);
    else {
      const href = m[4];
      if (href.startsWith('/') && !href.startsWith('//')) {
        out.push(
          <a
            key={k}
            href={href}
            onClick={(e) => {
              e.preventDefault();
              history.push(href);
            }}
          >
            {m[3]}
          </a>,
        );
      } else if (/^https?:\/\//i.test(href)) {
        out.push(
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {m[3]}
          </a>,
        );
      } else out.push(m[3]);
    }
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export default function Markdown({ text }: { text: string }) {
  const lines = text.split('\n');
  const blocks: React.ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const key = `b${i}`;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.trim().startsWith('|') && i + 1 < lines.length && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1])) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(cells(lines[i++]));
      blocks.push(
        <table key={key} className="aq-md-table">
          <thead>
            <tr>
              {head.map((h, j) => (
                <th key={j}>{inline(h, `${key}h${j}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={ri}>
                {r.map((c, j) => (
                  <td key={j}>{inline(c, `${key}r${ri}c${j}`)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
      continue;
    }
    if (/^\s*>/.test(line)) {
      const q: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) q.push(lines[i++].replace(/^\s*>\s?/, ''));
      blocks.push(<blockquote key={key}>{inline(q.join(' '), key)}</blockquote>);
      continue;
    }
    if (/^\d+\.\s/.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\d+\.\s/.test(lines[i]) || /^\s{2,}\S/.test(lines[i]) || !lines[i].trim())) {
        const l = lines[i++];
        if (/^\d+\.\s/.test(l)) items.push(l.replace(/^\d+\.\s/, ''));
        else if (l.trim() && items.length) items[items.length - 1] += '\n' + l.trim();
      }
      blocks.push(
        <ol key={key}>
          {items.map((it, j) => (
            <li key={j}>
              {it
                .split('\n')
                .map((p, pi) =>
                  p.startsWith('>') ? (
                    <blockquote key={pi}>{inline(p.replace(/^>\s?/, ''), `${key}${j}${pi}`)}</blockquote>
                  ) : (
                    <div key={pi}>{inline(p, `${key}${j}${pi}`)}</div>
                  ),
                )}
            </li>
          ))}
        </ol>,
      );
      continue;
    }
    if (/^[-*]\s/.test(line)) {
      const items: string[] = [];
      while (i < lines.length && /^[-*]\s/.test(lines[i])) items.push(lines[i++].replace(/^[-*]\s/, ''));
      blocks.push(
        <ul key={key}>
          {items.map((it, j) => (
            <li key={j}>{inline(it, `${key}${j}`)}</li>
          ))}
        </ul>,
      );
      continue;
    }
    blocks.push(<p key={key}>{inline(line, key)}</p>);
    i++;
  }
  return <div className="aq-md">{blocks}</div>;
}
