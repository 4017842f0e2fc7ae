import { formatEasternDateTime } from '@app/domain/common/time';
import type { MailMessage } from '../../integrations/mail/mailer';

// The invitation e-mail, in English and Russian: the person's language is not known before they sign in.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function invitationMail(input: {
  to: string;
  firstName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const until = formatEasternDateTime(input.expiresAt, 'en');
  const untilRu = formatEasternDateTime(input.expiresAt, 'ru');
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${input.companyName} invites you to its driver page: see the loads your dispatcher forwards to your unit and bid on them from your phone.`,
    `Choose your password here: ${input.link}`,
    `The link works once, until ${until} (Eastern time).`,
    '',
    `Здравствуйте, ${input.firstName}!`,
    '',
    `${input.companyName} приглашает вас на страницу водителя: грузы, которые диспетчер пересылает на ваш транспорт, и ставки на них с телефона.`,
    `Задайте пароль по ссылке: ${input.link}`,
    `Ссылка действует один раз, до ${untilRu} (восточное время).`,
  ].join('\n');
  const link = `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`;
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    `<p>${escapeHtml(input.companyName)} invites you to its driver page: see the loads your dispatcher forwards to your unit and bid on them from your phone.</p>`,
    `<p>Choose your password here: ${link}</p>`,
    `<p>The link works once, until ${escapeHtml(until)} (Eastern time).</p>`,
    '<hr>',
    `<p>Здравствуйте, ${escapeHtml(input.firstName)}!</p>`,
    `<p>${escapeHtml(input.companyName)} приглашает вас на страницу водителя: грузы, которые диспетчер пересылает на ваш транспорт, и ставки на них с телефона.</p>`,
    `<p>Задайте пароль по ссылке: ${link}</p>`,
    `<p>Ссылка действует один раз, до ${escapeHtml(untilRu)} (восточное время).</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: `${input.companyName}: your driver page invitation / приглашение на страницу водителя`,
    text,
    html,
  };
}
