import type { Millis } from '../db/column-types.js';

/** A chat widget: what a site embeds (its public key), where it may run, and how visitors are identified. */
export interface WidgetTable {
  organization_id: string;
  id: string;
  name: string;
  /** The public key (`wk_…`) the embedding page carries; unique across the installation (widget_key_lookup). */
  key: string;
  /** JSON array of origins (`https://shop.example`) whose pages may use the widget. */
  allowed_origins: string;
  /** off | optional | required: whether visitors are identified by a JWT from the site's backend. */
  identity: string;
  /** The HS256 secret that signs identity tokens, sealed with the installation's secret box. */
  identity_secret: string;
  created_at: Millis;
  updated_at: Millis;
}

/**
 * The global key → widget index a visitor's first request starts from (it carries no credentials).
 * The organization column is not called organization_id: this is not a tenant table.
 */
export interface WidgetKeyLookupTable {
  key: string;
  owner_organization_id: string;
  widget_id: string;
}

/** A visitor session of a widget: its bearer token (hashed), and who the visitor is once known. */
export interface WidgetVisitorTable {
  organization_id: string;
  id: string;
  widget_id: string;
  token_hash: string;
  /** 1 when the site's backend vouched for the visitor (identity token), else 0 (anonymous). */
  identified: number;
  /** The customer the visitor writes as: set at identification, or when an anonymous visitor gives an email. */
  customer_id: string | null;
  email: string | null;
  name: string | null;
  external_user_id: string | null;
  created_at: Millis;
  expires_at: Millis;
}

/** The global token-hash → visitor index (not a tenant table, like widget_key_lookup). */
export interface WidgetVisitorLookupTable {
  token_hash: string;
  owner_organization_id: string;
  visitor_id: string;
  expires_at: Millis;
}

/** A ticket opened through a widget, and by which visitor session: what each visitor may see. */
export interface WidgetConversationTable {
  organization_id: string;
  ticket_id: string;
  widget_id: string;
  visitor_id: string;
  customer_id: string;
  /** 1 when opened by an identified visitor: every identified session of that site user sees it. */
  identified: number;
  /** The site's user id of an identified visitor (null for anonymous ones). */
  external_user_id: string | null;
  created_at: Millis;
}

/**
 * An agent's reply on a widget ticket, to be mailed to the visitor unless their widget reports it seen
 * by `due_at`. `state`: 'pending' (waiting, or being handled under a lease), 'mailed' (queued on the
 * outbound mail queue), 'seen' (the widget showed it first), 'skipped' (due, but nothing to mail with:
 * the organization has no mailbox).
 */
export interface WidgetFollowUpTable {
  organization_id: string;
  /** The reply (a ticket message's id). */
  message_id: string;
  ticket_id: string;
  due_at: Millis;
  state: string;
  /** A worker's claim: another worker takes the row only once this has passed. */
  lease_until: Millis | null;
  lease_token: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/** A visitor budget's current window (shared by every process): hits so far and when the window ends. */
export interface WidgetRateWindowTable {
  /** `<action>:<a|v>:<client address or visitor id>` */
  bucket: string;
  hits: number;
  ends_at: Millis;
}

/** A conversation with the assistant held by a visitor session (the assistant's own tables keep the turns). */
export interface WidgetAssistantConversationTable {
  organization_id: string;
  conversation_id: string;
  visitor_id: string;
  created_at: Millis;
}
