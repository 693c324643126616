/**
 * What a draft says when a person takes the question over, by the reason it needs one, and what
 * it says about parts of a question it could not read: always in the bakery's own words.
 */
export const person = {
  allergens: {
    labelled:
      "Because allergies matter, someone from our team will get back to you after checking with our bakers; I'd rather not promise more than what we've written down.",
    unlabelled:
      "Because allergies matter, someone from our team will get back to you after checking with our bakers; I'd rather not guess about allergens.",
  },
  ingredients:
    'Someone from our team will get back to you about what goes into {them} after checking with our bakers.',
  medical: {
    guarantee:
      "We can't make that promise from here, so someone from our team will get back to you after checking with our bakers.",
    health:
      "I can't answer health questions from here, so someone from our team will get back to you after checking.",
    ill: "I'm so sorry you were unwell. Someone from our team will get back to you personally to look into it.",
  },
  delivery:
    "About delivery: someone from our team will get back to you once they've checked what we can do.",
  customOrder:
    'Thank you for thinking of us! Someone from our team will get back to you about what you have in mind.',
  complaint: "I'm sorry to hear that. Someone from our team will get back to you to put it right.",
  refund: "I'm sorry about that. Someone from our team will get back to you about your refund.",
  notUnderstood:
    'Thank you for your message. I want to be sure I understand it, so someone from our team will get back to you personally.',
  other: {
    answered: 'About {subject}, someone from our team will get back to you.',
    alone:
      'Thank you for your message. Someone from our team will get back to you about {subject}.',
  },
} as const;

/** The parts of a question the reader could not read, as the bakery says them. */
export const unclear = {
  couldNotTell: "I couldn't tell {parts}, so a colleague will check and reply.",
  parts: {
    conflictingDays: "which day you'd like to pick up",
    conflictingTimes: "what time you'd like to pick up",
    conflictingQuantities: "how many you'd like",
  },
  unreadWords:
    "There's part of your message I couldn't read with certainty, so a colleague will check it and reply.",
  unreadToo:
    "A colleague will also look at the part of your message I couldn't read with certainty.",
  /** Nothing was understood: the honest holding reply, never a guess. */
  nothingUnderstood:
    "Thank you for your message. I couldn't be sure what you're asking, so someone from our team will get back to you soon.",
} as const;
