import type { DraftLanguage } from '../../understanding';

/**
 * The short holding reply to a question in another language, all in that language: thanks, and
 * a colleague will read it and answer soon.
 */
export const holding: Record<
  Exclude<DraftLanguage, 'en'>,
  { greeting: { plain: string; named: string }; body: string; signOff: string }
> = {
  es: {
    greeting: { plain: 'Hola:', named: 'Hola, {name}:' },
    body: 'Gracias por su mensaje. Una persona de nuestro equipo lo leerá y le responderá pronto.',
    signOff: 'Un saludo,\n{bakery}',
  },
  fr: {
    greeting: { plain: 'Bonjour,', named: 'Bonjour {name},' },
    body: 'Merci pour votre message. Une personne de notre équipe va le lire et vous répondra très bientôt.',
    signOff: 'Cordialement,\n{bakery}',
  },
  de: {
    greeting: { plain: 'Guten Tag,', named: 'Hallo {name},' },
    body: 'Vielen Dank für Ihre Nachricht. Jemand aus unserem Team liest sie und antwortet Ihnen bald.',
    signOff: 'Viele Grüße\n{bakery}',
  },
  it: {
    greeting: { plain: 'Buongiorno,', named: 'Buongiorno {name},' },
    body: 'Grazie per il suo messaggio. Una persona del nostro team lo leggerà e le risponderà al più presto.',
    signOff: 'Cordiali saluti,\n{bakery}',
  },
  pt: {
    greeting: { plain: 'Olá,', named: 'Olá, {name},' },
    body: 'Obrigado pela sua mensagem. Uma pessoa da nossa equipe vai lê-la e responder em breve.',
    signOff: 'Atenciosamente,\n{bakery}',
  },
  nl: {
    greeting: { plain: 'Hallo,', named: 'Hallo {name},' },
    body: 'Bedankt voor uw bericht. Iemand van ons team leest het en antwoordt u zo snel mogelijk.',
    signOff: 'Met vriendelijke groet,\n{bakery}',
  },
};
