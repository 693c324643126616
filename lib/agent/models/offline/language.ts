import type { DraftLanguage } from './understanding';
import { shorthand } from './words';

/**
 * Which language a question is written in, by its common words: the offline drafter reads
 * English only, so a question in Spanish, French, German, Italian, Portuguese or Dutch goes to a
 * person with a short holding reply in its own language.
 */
type Other = Exclude<DraftLanguage, 'en'>;

const markers: Record<Other, RegExp> = {
  es: /^(hola|quisiera|quiero|tienen|tiene|abren|abre|cuánto|cuanto|cuesta|cuestan|para|el|los|las|por|favor|gracias|docenas?|panecillos?|sábado|sabado|viernes|domingo|lunes|martes|miércoles|jueves|pan|puedo|podría|mañana|hoy|una|uno|dos|tres|del|con|qué|cuándo|cuando|buenos|días|dias|horario|pedir|recoger|están|abierto|abiertos|cerrado|y|es|son|hay|usted|ustedes|necesito)$/,
  fr: /^(bonjour|bonsoir|combien|coûte|coute|coûtent|vous|êtes|etes|ouverts?|ouverte|fermé|fermés|dimanche|samedi|vendredi|lundi|mardi|mercredi|jeudi|je|voudrais|veux|pain|une|des|pour|merci|est-ce|avez|le|les|du|quand|heure|heures|demain|aujourd'hui|miche|seigle|douzaine|douzaines|croissants?|commander|récupérer|recuperer|est|sont|il|nous|votre|vos|s'il|plaît|plait|madame|monsieur|quelle|quel)$/,
  de: /^(hallo|guten|morgen|tag|abend|haben|habt|sie|ihr|wir|ich|möchte|moechte|würde|gerne|gern|bitte|danke|wann|wie|viel|kostet|kosten|geöffnet|geoeffnet|offen|auf|heute|samstag|sonntag|montag|dienstag|mittwoch|donnerstag|freitag|brot|brötchen|broetchen|roggenbrot|zimtschnecken|kuchen|der|die|das|und|ein|eine|einen|für|fuer|mit|ist|sind|gibt|es|abholen|bestellen|dutzend|uhr|können|koennen|kann|noch)$/,
  it: /^(ciao|buongiorno|buonasera|salve|vorrei|voglio|avete|aperti|aperto|chiuso|chiusi|quanto|costa|costano|quando|oggi|domani|sabato|domenica|lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|pane|panini|il|lo|la|gli|le|un|una|per|favore|grazie|di|del|della|che|è|sono|siete|posso|ordinare|ritirare|dozzina|dozzine|orari|alle)$/,
  pt: /^(olá|ola|bom|boa|dia|tarde|quero|queria|gostaria|vocês|voces|têm|tem|abrem|abertos|aberto|fechado|quanto|custa|custam|quando|hoje|amanhã|amanha|sábado|domingo|segunda|terça|terca|quarta|quinta|sexta|pão|pao|pães|paes|o|os|as|um|uma|para|por|favor|obrigado|obrigada|de|do|da|que|é|são|sao|posso|encomendar|buscar|dúzia|duzia|dúzias|horário|horario)$/,
  nl: /^(hallo|goedemorgen|goedemiddag|hebben|hebt|heeft|jullie|ik|wij|graag|wil|zou|willen|alstublieft|alsjeblieft|dank|bedankt|wanneer|hoeveel|kost|kosten|geopend|vandaag|morgen|zaterdag|zondag|maandag|dinsdag|woensdag|donderdag|vrijdag|brood|broodjes|roggebrood|kaneelbroodjes|de|het|een|en|voor|met|is|zijn|kan|kunnen|ophalen|bestellen|dozijn|uur|nog)$/,
};

/** Letters only some of the languages use: a strong sign on their own. */
const letters: Partial<Record<Other, RegExp>> = {
  es: /[¿¡ñ]/,
  de: /[ßäöü]/,
  pt: /[ãõç]/,
};

const english =
  /^(the|is|are|you|can|i|do|how|what|a|to|for|on|open|much|have|would|could|please|and|my|of|your|we|it|at|get|want|need|order|pick|up|hi|hello|thanks|when|this|that|with|any|there|be|will|in|me|rolls?|loaf|loaves|buns?|cake|bread|price|today|tomorrow|saturday|sunday|monday|tuesday|wednesday|thursday|friday|hours|close|closed)$/;

export function readLanguage(question: string): DraftLanguage {
  const words = question.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const count = (pattern: RegExp) => words.filter((w) => pattern.test(w)).length;
  // Chat spellings are English: "wat time u open tmrw".
  const ours = words.filter((w) => english.test(shorthand[w] ?? w)).length;
  let best: DraftLanguage = 'en';
  let bestCount = 0;
  for (const language of Object.keys(markers) as Other[]) {
    const sign = letters[language]?.test(question) ? 2 : 0;
    const found = count(markers[language]) + sign;
    if (found > bestCount) {
      best = language;
      bestCount = found;
    }
  }
  return bestCount >= 2 && bestCount > ours ? best : 'en';
}
