// WhatsApp click-to-chat links (wa.me): the number in international form as digits only (no +,
// no leading 00, no spaces), and an optional prefilled message, URL-encoded.

/** The wa.me link for a number as typed (+971 50 123 4567), or null when it holds no digits. */
export function whatsappUrl(number: string, message: string): string | null {
  const digits = number.replace(/\D/g, '').replace(/^00/, '');
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null;
}
