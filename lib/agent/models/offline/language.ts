/**
 * Which language a question is written in, by its common words: the offline drafter reads
 * English only, so anything else goes to a person with an honest holding reply.
 */
const markers: Record<'es' | 'fr', RegExp> = {
  es: /^(hola|quisiera|quiero|tienen|tiene|abren|abre|cuánto|cuanto|cuesta|cuestan|para|el|los|las|por|favor|gracias|docenas?|panecillos?|sábado|sabado|viernes|domingo|lunes|martes|miércoles|jueves|pan|puedo|podría|mañana|hoy|una|uno|dos|tres|del|con|qué|cuándo|cuando|buenos|días|dias|horario|pedir|recoger|están|abierto|abiertos|cerrado|y|es|son|hay|usted|ustedes|necesito)$/,
  fr: /^(bonjour|bonsoir|combien|coûte|coute|coûtent|vous|êtes|etes|ouverts?|ouverte|fermé|fermés|dimanche|samedi|vendredi|lundi|mardi|mercredi|jeudi|je|voudrais|veux|pain|une|des|pour|merci|est-ce|avez|le|les|du|quand|heure|heures|demain|aujourd'hui|miche|seigle|douzaine|douzaines|croissants?|commander|récupérer|recuperer|est|sont|il|nous|votre|vos|s'il|plaît|plait|madame|monsieur|quelle|quel)$/,
};

const english =
  /^(the|is|are|you|can|i|do|how|what|a|to|for|on|open|much|have|would|could|please|and|my|of|your|we|it|at|get|want|need|order|pick|up|hi|hello|thanks|when|this|that|with|any|there|be|will|in|me|rolls?|loaf|loaves|buns?|cake|bread|price|today|tomorrow|saturday|sunday|monday|tuesday|wednesday|thursday|friday|hours|close|closed)$/;

export function readLanguage(question: string): 'en' | 'es' | 'fr' {
  const words = question.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const count = (pattern: RegExp) => words.filter((w) => pattern.test(w)).length;
  const ours = count(english);
  let best: 'en' | 'es' | 'fr' = 'en';
  let bestCount = 0;
  for (const language of ['es', 'fr'] as const) {
    const found = count(markers[language]) + (language === 'es' && /[¿¡ñ]/.test(question) ? 2 : 0);
    if (found > bestCount) {
      best = language;
      bestCount = found;
    }
  }
  return bestCount >= 2 && bestCount > ours ? best : 'en';
}
