import type { Queryable } from '../../../src/server/db/Db';

/** A 1x1 PNG. */
export const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a3c2cb0000000049454e44ae426082', 'hex');

/** Marketing mail with every kind of hostile content the forward editor must neutralise, and a cid: image. */
export const hostileHtml = `<html><head><style>body{background:url(https://track.example/bg.png)} td{color:#333}</style><script>alert(1)</script></head>
<body onload="alert(2)"><table width="600" bgcolor="#ffeecc"><tr><td style="color:#cc0000;background-image:url('https://track.example/cell.png')">
<h1>Summer Sale</h1><p>Save <b>50%</b> on <font color="#0000ff">everything</font>.</p>
<a href="javascript:alert(3)">Bad link</a> <a href="https://shop.example/sale?a=1&amp;b=2">Shop now</a>
<img src="https://track.example/pixel.gif" alt="pixel" width="1" height="1" onerror="alert(4)">
<img src="cid:logo@shop" alt="Logo">
</td></tr></table></body></html>`;

/** Inserts an email (and its inline logo) the way the import stores one; returns its muid. */
export async function insertForwardEmail(db: Queryable, subject = 'Summer Sale at Shop'): Promise<number> {
  const r = await db.query<{ muid: string }>(
    `insert into emails (original_muid, raw_sha256, raw_size, email_subject, email_from_one, email_from_name, email_date, html_body, text_body, index_name, has_attachment)
     values ($1, $2, 100, $3, 'deals@shop.example', 'Shop', '2024-05-01T10:00:00Z', $4, 'Summer Sale', 'emails', 1) returning muid`,
    [`<${Math.random()}@shop.example>`, `sha256:${Math.random()}`, subject, hostileHtml],
  );
  const muid = Number(r.rows[0]!.muid);
  await db.query(
    `insert into email_attachments (muid, filename, content_type, disposition, content_id, size, content) values ($1, 'logo.png', 'image/png', 'inline', '<logo@shop>', $2, $3)`,
    [muid, png.length, png],
  );
  return muid;
}
