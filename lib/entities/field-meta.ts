// What each field of a schema states about itself (zod metadata): its form input, its old name
// and its bilingual pair. Apart from the descriptor's shape (./define.ts) so the schemas outside
// the entities (the site settings, lib/settings/schema.ts) can declare fields without importing
// the descriptor and what it imports (permissions, the database's types). Plain types and one constant.
import 'zod';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'url'
  | 'number'
  | 'date'
  | 'select'
  | 'image'
  /** A PDF beside the image (the entity's `document`): a file input, and a box to drop the one held. */
  | 'document'
  /** A yes/no box (an unticked box sends nothing, so the form sends 0 before it). */
  | 'checkbox'
  /** Several rows of `optionsFrom`, as a group of boxes. */
  | 'multiselect'
  /** The project gallery's manager (its value is the gallery as JSON). */
  | 'gallery';

/** A schema field's input in the back-office form (its `form` metadata). */
export interface FormDef {
  kind: Exclude<FieldKind, 'image' | 'document'>;
  /** Right-to-left input (the Arabic fields). */
  rtl?: boolean;
  /** For a select: the entity whose rows are the choices (their card title is the label). */
  optionsFrom?: string;
  /** The field has a hint under its label (`fields.<name>Hint` in the area's messages). */
  hint?: boolean;
  /**
   * A box that starts unticked in a new item's form although the schema's default (what the old
   * client gets when it sends nothing) is on: a project is published when staff say so.
   */
  startsOff?: boolean;
}

/** A language of the site's content (lib/entities/bilingual.ts). */
export type Language = 'en' | 'ar';

/** Where a column sits in its bilingual pair (schema metadata `language`, set by lib/entities/bilingual.ts). */
export interface PairMember {
  /** The pair's name, without its language suffix. */
  pair: string;
  language: Language;
}

/**
 * The old name of a field the old client never had (the offices' fields of issue 19, the
 * portfolio's of issue 25): /api neither reads it nor returns it, so the old JSON stays as it was.
 */
export const NOT_IN_OLD_API = null;

// Each field of an entity schema states, on its outermost schema (`.meta()` is lost under a later
// `.optional()`), what the other layers need of it:
//   phone: optionalPhone().meta({ form: { kind: 'tel' }, old: 'phone' }),
// and a bilingual pair is declared once by lib/entities/bilingual.ts, which sets both columns' metadata.
declare module 'zod' {
  interface GlobalMeta {
    /** Its input in the back-office form, in schema order after the image; absent: not in the form. */
    form?: FormDef;
    /**
     * Its name for the old client (/api forms, 422 bodies), or NOT_IN_OLD_API. Stated on every
     * field of a legacy entity: the serializer refuses a field without it, so none is forgotten.
     */
    old?: string | typeof NOT_IN_OLD_API;
    /** Its place in a bilingual pair (lib/entities/bilingual.ts): set by the helper, never by hand. */
    language?: PairMember;
  }
}
