import type { CodePurpose, Language } from '@sqltune/contracts';
import type { OutgoingMail } from './mailer.ts';

/** Every mail the product sends, in the recipient's language, as plain text and as HTML with the same content. */

const PRODUCT = 'SQLTune';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Body {
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A code shown on its own line, large in HTML. */
  code?: string;
  link?: { url: string; label: string };
  footer: string;
}

function render(to: string, body: Body): OutgoingMail {
  const text = [
    ...body.paragraphs,
    ...(body.code ? [body.code] : []),
    ...(body.link ? [`${body.link.label}: ${body.link.url}`] : []),
    '--',
    body.footer,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1f1f1f;max-width:560px">
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${body.code ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(body.code)}</p>` : ''}
${body.link ? `<p><a href="${escapeHtml(body.link.url)}" style="background:#2f5bea;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(body.link.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(body.link.url)}</p>` : ''}
<hr><p style="color:#666;font-size:12px">${escapeHtml(body.footer)}</p>
</body></html>`;
  return {
    to,
    subject: body.subject,
    text,
    html,
    ...(body.link ? { link: body.link.url } : {}),
    ...(body.code ? { code: body.code } : {}),
  };
}

const footer = {
  zh: `此邮件由 ${PRODUCT} 自动发送，请勿回复。如果不是您本人的操作，请忽略此邮件。`,
  en: `This mail was sent by ${PRODUCT}; replies are not read. If you did not ask for it, ignore it.`,
};

export function verificationCodeMail(
  to: string,
  language: Language,
  purpose: CodePurpose,
  code: string,
  minutes: number,
): OutgoingMail {
  const zh = language === 'zh';
  const action = purpose === 'register' ? (zh ? '注册账号' : 'sign up') : zh ? '重置密码' : 'reset your password';
  return render(to, {
    subject: zh ? `${PRODUCT} 验证码：${code}` : `${PRODUCT} verification code: ${code}`,
    paragraphs: zh
      ? [`您正在${action}，验证码如下，${minutes} 分钟内有效：`]
      : [`To ${action}, enter this verification code. It is valid for ${minutes} minutes:`],
    code,
    footer: footer[language],
  });
}

export function activationMail(to: string, language: Language, url: string): OutgoingMail {
  const zh = language === 'zh';
  return render(to, {
    subject: zh ? `激活您的 ${PRODUCT} 账号` : `Activate your ${PRODUCT} account`,
    paragraphs: zh
      ? ['感谢注册！请点击下面的链接激活账号，激活后即可登录。']
      : ['Thank you for signing up. Follow the link below to activate your account; then you can sign in.'],
    link: { url, label: zh ? '激活账号' : 'Activate account' },
    footer: footer[language],
  });
}

export function passwordChangedMail(to: string, language: Language): OutgoingMail {
  const zh = language === 'zh';
  return render(to, {
    subject: zh ? `您的 ${PRODUCT} 密码已修改` : `Your ${PRODUCT} password was changed`,
    paragraphs: zh
      ? ['您的账号密码刚刚被修改，所有设备上的登录都已退出。如果不是您本人的操作，请立即通过“忘记密码”重置密码。']
      : [
          'The password of your account was just changed and every session was signed out. If this was not you, reset your password with "Forgot password" at once.',
        ],
    footer: footer[language],
  });
}

export function subscribedMail(to: string, language: Language, unsubscribeUrl: string): OutgoingMail {
  const zh = language === 'zh';
  return withUnsubscribe(
    render(to, {
      subject: zh ? `已订阅 ${PRODUCT} 产品更新` : `You are subscribed to ${PRODUCT} updates`,
      paragraphs: zh
        ? ['您已订阅 SQLTune 产品更新邮件。有新功能发布时我们会通知您。不想再收到时，可以随时通过下面的链接退订。']
        : [
            'You are subscribed to SQLTune product updates: we will mail you when something new ships. Use the link below to unsubscribe at any time.',
          ],
      link: { url: unsubscribeUrl, label: zh ? '退订' : 'Unsubscribe' },
      footer: footer[language],
    }),
    unsubscribeUrl,
  );
}

/**
 * A product update written in Markdown: the text part is the Markdown itself; the HTML part shows headings ("# ") and
 * paragraphs, everything escaped. Each mail carries the subscriber's own unsubscribe link, also as List-Unsubscribe.
 */
export function productUpdateMail(
  to: string,
  language: Language,
  markdown: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const zh = language === 'zh';
  const blocks = markdown.trim().split(/\n\s*\n/);
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? (zh ? `${PRODUCT} 产品更新` : `${PRODUCT} product update`);
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1f1f1f;max-width:560px">
${blocks
  .map((block) => {
    const heading = /^(#{1,3})\s+(.+)$/.exec(block.trim());
    return heading
      ? `<h${heading[1]!.length + 1}>${escapeHtml(heading[2]!)}</h${heading[1]!.length + 1}>`
      : `<p>${escapeHtml(block.trim()).replace(/\n/g, '<br>')}</p>`;
  })
  .join('\n')}
<hr><p style="color:#666;font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">${zh ? '退订' : 'Unsubscribe'}</a></p>
</body></html>`;
  const text = `${markdown.trim()}\n\n--\n${zh ? '退订' : 'Unsubscribe'}: ${unsubscribeUrl}`;
  return withUnsubscribe({ to, subject: title, text, html, link: unsubscribeUrl }, unsubscribeUrl);
}

function withUnsubscribe(mail: OutgoingMail, unsubscribeUrl: string): OutgoingMail {
  return { ...mail, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } };
}
