import { normaliseWhatsapp } from '@/lib/entities/fields';

// WhatsApp click-to-chat links (wa.me): the number in international form as digits only (no +,
// no leading 00, no spaces), and an optional prefilled message, URL-encoded.

/** The wa.me link for a number as typed (+971 50 123 4567), or null when it is no international number. */
export function whatsappUrl(number: string, message: string): string | null {
  const international = normaliseWhatsapp(number);
  return international ? `https://wa.me/${international.slice(1)}?text=${encodeURIComponent(message)}` : null;
}

/**
 * The wa.me chat link for a lead's number as the visitor typed it. Visitors in the UAE often
 * write the national form ("050 123 4567"): a single leading 0 is read as the UAE's +971 (the
 * company works in the UAE). Null when the number is no phone number WhatsApp can open.
 */
export function leadWhatsappUrl(number: string): string | null {
  const compact = number.replace(/[\s().-]/g, '');
  const international = normaliseWhatsapp(/^0[1-9]/.test(compact) ? `+971${compact.slice(1)}` : compact);
  return international ? `https://wa.me/${international.slice(1)}` : null;
}
