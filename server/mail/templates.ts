/** Spanish mail templates. Each returns a MailMessage without attachments unless stated. */
import type { MailMessage } from './mailer.ts';
import { money } from '../../core/display-format.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="background:#1e6bd6;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:12px">Si el botón no funciona, copie este enlace: ${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222"><h2>${escapeHtml(title)}</h2>${body}${button}<p style="color:#888;font-size:12px">Emite — facturación electrónica</p></body></html>`;
}

export function activationMail(p: { to: string; firstName: string; razonSocial: string; link: string }): MailMessage {
  const lines = [`Hola ${p.firstName}:`, `Registró la empresa ${p.razonSocial} en Emite. Active su cuenta con este enlace; vence en 48 horas.`];
  return {
    to: p.to,
    subject: 'Active su cuenta de Emite',
    text: `${lines.join('\n\n')}\n\n${p.link}\n`,
    html: layout('Active su cuenta', lines, { href: p.link, label: 'Activar cuenta' }),
  };
}

export function resetPasswordMail(p: { to: string; firstName: string; razonSocial: string; link: string }): MailMessage {
  const lines = [
    `Hola ${p.firstName}:`,
    `Recibimos una solicitud para restablecer su contraseña en ${p.razonSocial}. El enlace vence en 1 hora y sirve una sola vez.`,
    'Si no la pidió, ignore este mensaje.',
  ];
  return {
    to: p.to,
    subject: 'Restablecer su contraseña de Emite',
    text: `${lines.join('\n\n')}\n\n${p.link}\n`,
    html: layout('Restablecer contraseña', lines, { href: p.link, label: 'Elegir una contraseña nueva' }),
  };
}

export function invitationMail(p: { to: string; firstName: string; razonSocial: string; link: string }): MailMessage {
  const lines = [`Hola ${p.firstName}:`, `Le dieron acceso a ${p.razonSocial} en Emite. Elija su contraseña con este enlace; vence en 48 horas.`];
  return {
    to: p.to,
    subject: `Acceso a ${p.razonSocial} en Emite`,
    text: `${lines.join('\n\n')}\n\n${p.link}\n`,
    html: layout('Bienvenido a Emite', lines, { href: p.link, label: 'Elegir contraseña' }),
  };
}

export function invoiceMail(p: {
  to: string;
  razonSocialComprador: string;
  razonSocialEmisor: string;
  numero: string;
  /** The comprobante's Spanish name ("Factura", "Nota de crédito"); default "Factura". */
  documentLabel?: string;
  importeTotal: string;
  claveAcceso: string;
  attachments: NonNullable<MailMessage['attachments']>;
}): MailMessage {
  const label = p.documentLabel ?? 'Factura';
  const lines = [
    `Estimado(a) ${p.razonSocialComprador}:`,
    `${p.razonSocialEmisor} le envía la ${label.toLowerCase()} electrónica No. ${p.numero} por ${money(p.importeTotal)}, autorizada por el SRI.`,
    `Clave de acceso: ${p.claveAcceso}. Adjuntamos el comprobante XML (documento legal) y su RIDE en PDF.`,
  ];
  return {
    to: p.to,
    subject: `${label} electrónica ${p.numero} de ${p.razonSocialEmisor}`,
    text: lines.join('\n\n'),
    html: layout(`${label} ${p.numero}`, lines),
    attachments: p.attachments,
  };
}

/** To the NEW address of an e-mail change: the link that makes it the account's address. */
export function emailChangeMail(p: { to: string; firstName: string; razonSocial: string; link: string }): MailMessage {
  const lines = [
    `Hola ${p.firstName}:`,
    `Pidió usar este correo para su cuenta de ${p.razonSocial} en Emite. Confírmelo con este enlace; vence en 24 horas y sirve una sola vez.`,
    'Hasta que lo confirme, su cuenta sigue usando el correo anterior. Si no lo pidió, ignore este mensaje.',
  ];
  return {
    to: p.to,
    subject: 'Confirme su nuevo correo en Emite',
    text: `${lines.join('\n\n')}\n\n${p.link}\n`,
    html: layout('Confirme su nuevo correo', lines, { href: p.link, label: 'Confirmar correo' }),
  };
}

/** To the OLD address once an e-mail change took effect. */
export function emailChangedNoticeMail(p: { to: string; firstName: string; razonSocial: string; newEmail: string }): MailMessage {
  const lines = [
    `Hola ${p.firstName}:`,
    `El correo de su cuenta de ${p.razonSocial} en Emite cambió a ${p.newEmail}. Desde ahora inicia sesión con ese correo; las sesiones abiertas se cerraron.`,
    'Si usted no hizo este cambio, comuníquese de inmediato con el administrador de su empresa.',
  ];
  return {
    to: p.to,
    subject: 'El correo de su cuenta de Emite cambió',
    text: lines.join('\n\n'),
    html: layout('Su correo cambió', lines),
  };
}

/** The estado de cuenta of a customer, its PDF attached. */
export function statementMail(p: { to: string; razonSocialCliente: string; razonSocialEmisor: string; periodo: string; saldo: string; attachments: NonNullable<MailMessage['attachments']> }): MailMessage {
  const lines = [
    `Estimado(a) ${p.razonSocialCliente}:`,
    `${p.razonSocialEmisor} le envía su estado de cuenta del ${p.periodo}. Saldo pendiente al cierre: ${money(p.saldo)}.`,
    'Adjuntamos el detalle en PDF: facturas, notas de crédito, retenciones y pagos del periodo, y los documentos pendientes.',
  ];
  return { to: p.to, subject: `Estado de cuenta de ${p.razonSocialEmisor}`, text: lines.join('\n\n'), html: layout('Estado de cuenta', lines), attachments: p.attachments };
}
