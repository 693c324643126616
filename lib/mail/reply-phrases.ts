/**
 * The words mail programs write around a reply, in the languages customers write in: the
 * attribution line before a quote, the header block Outlook puts above the old message, the
 * markers of an original or a forwarded message and the signature a phone adds. Each pattern is
 * only ever run on one line cut to a few hundred characters (see written-text.ts).
 */

/** How an attribution line ends: "On … wrote:", "Le … a écrit :", "Am … schrieb …:". */
export const ATTRIBUTION_END =
  /(?:wrote|writes|said|a écrit|a ecrit|écrit|schrieb|geschrieben|escribió|escribio|escreveu|ha scritto|scrisse|schreef|geschreven|skrev|kirjoitti|napisał|napisała|napisał\(a\)|pisze|napsal|napísal|napisao|написал|написала|написал\(а\)|написав|написала|пише|писал|írta|yazdı|kirjutas|rašė|rakstīja|έγραψε|כתב|كتب|写道|寫道|が書きました|님이 작성|schreibt)\s{0,3}[:：]?$/iu;

/** The opening words of an attribution ("On …", "Le …", "Am …"), for one cut short by its mailer. */
export const ATTRIBUTION_START = /^(?:on|le|am|el|il|in data|op|em|w dniu|dnia)\s/iu;

/** Generic attribution with no verb ("2017-11-24 16:32 GMT+01:00 Bob <b@x.y>:"): a date or time. */
export const DATE_OR_TIME = /\d{1,2}[:.h]\d{2}|\b(?:19|20)\d{2}\b/u;

/** The part of an email address an attribution names. */
export const HAS_ADDRESS = /[^\s<>@]@[^\s<>@]/u;

/** A header line of a quoted message block, e.g. "From:", "*Sent:*", "De :", "发件人：". */
export const HEADER_LINE =
  /^[\s>]{0,8}\*{0,2}(from|sent|date|to|cc|subject|reply-to|von|gesendet|an|betreff|datum|de|envoyé le|envoyé|à|a|objet|cc|copie à|sujet|message du|от|отправлено|дата|кому|тема|копия|发件人|发送时间|收件人|主题|抄送|日期|時間|寄件者|傳送時間|收件者|主旨|差出人|送信日時|宛先|件名|da|inviato|oggetto|van|verzonden|aan|onderwerp|fra|sendt|til|emne|dato|från|skickat|till|ämne|od|wysłano|do|temat|data|lähettäjä|lähetetty|vastaanottaja|aihe|kimden|gönderildi|kime|konu|tarih|remitente|enviado|para|asunto|fecha|enviada|feladó|elküldve|címzett|tárgy)\*{0,2}\s{0,3}\*{0,2}[:：]/iu;

/** Header names that say who wrote the quoted message: a header block must have one. */
export const FROM_HEADERS = new Set([
  'from',
  'von',
  'de',
  'от',
  '发件人',
  '寄件者',
  '差出人',
  'da',
  'van',
  'fra',
  'från',
  'od',
  'lähettäjä',
  'kimden',
  'remitente',
  'feladó',
]);

/** "-----Original Message-----" and its translations: the start of the quoted history. */
export const ORIGINAL_MESSAGE = new Set([
  'original message',
  'original e-mail',
  'reply message',
  'ursprüngliche nachricht',
  'originalnachricht',
  'oprindelig besked',
  'original meddelelse',
  'originalmeddelelse',
  'message d’origine',
  "message d'origine",
  'message original',
  'mensaje original',
  'messaggio originale',
  'oorspronkelijk bericht',
  'origineel bericht',
  'исходное сообщение',
  'původní zpráva',
  'pôvodná správa',
  'alkuperäinen viesti',
  'opprinnelig melding',
  'ursprungligt meddelande',
  'wiadomość oryginalna',
  'oryginalna wiadomość',
  'mensagem original',
  'eredeti üzenet',
  'orijinal mesaj',
  '原始邮件',
  '原始郵件',
  '元のメッセージ',
]);

/** "---------- Forwarded message ---------" and its translations: what the customer forwards. */
export const FORWARDED_MESSAGE = new Set([
  'forwarded message',
  'forwarded message follows',
  'forwarded e-mail',
  'weitergeleitete nachricht',
  'message transféré',
  'message transfere',
  'mensaje reenviado',
  'messaggio inoltrato',
  'doorgestuurd bericht',
  'videresendt meddelelse',
  'videresendt melding',
  'vidarebefordrat meddelande',
  'пересылаемое сообщение',
  'пересланное сообщение',
  'przekazana wiadomość',
  'wiadomość przekazana dalej',
  'mensagem encaminhada',
  'välitetty viesti',
  'továbbított üzenet',
  'iletilen ileti',
  '转发的邮件',
  '轉寄的郵件',
  '転送されたメッセージ',
]);

/** Apple Mail's and others' forward line: "Begin forwarded message:". */
export const FORWARD_INTRO = new Set([
  'begin forwarded message',
  'anfang der weitergeleiteten nachricht',
  'début du message réexpédié',
  'début du message transféré',
  'inicio del mensaje reenviado',
  'comienzo del mensaje reenviado',
  'inizio messaggio inoltrato',
  'begin doorgestuurd bericht',
  'začátek přeposílané zprávy',
  'videresendt meddelelse',
  'vidarebefordrat brev',
  'начало переадресованного сообщения',
  'początek przekazywanej wiadomości',
  'início da mensagem reencaminhada',
  'mensagem encaminhada',
]);

/** A subject that forwards: "Fwd:", "FW:", "WG:", "TR:", "RV:", "I:", "ENC:", "VL:", "İlt:", "转发:". */
export const FORWARD_SUBJECT =
  /^\s{0,8}(?:fwd?|wg|tr|rv|enc|vl|i|ilt|İlt|転送|转发|轉寄)\s{0,3}[:：]/iu;

/**
 * The line a phone or a mail app adds below the text: "Sent from my iPhone", "Inviato da
 * iPhone", "Von meinem iPhone gesendet", "Get Outlook for iOS".
 */
export const DEVICE_SIGNATURE =
  /^(?:sent from|sent with|sent via|sent using|sent on the go|get outlook for|envoyé de|envoyé depuis|envoyé à partir de|envoyé avec|von meinem|gesendet von|gesendet mit|gesendet vom|enviado desde|enviado do|enviado de|enviado con|inviato da|inviato dal|inviato con|verstuurd vanaf|verzonden vanaf|verzonden met|skickat från|sendt fra|lähetetty|wysłane z|wysłano z|отправлено с|отправлено из|надіслано з|发自我的|從我的|iphoneから送信|gönderildi|odesláno z)/iu;
