import type { Generated } from 'kysely';
import type { Millis } from '../db/column-types.js';

// Kysely table types of the knowledge base (db/schema.ts assembles the Database type).

export interface KbCollectionTable {
  organization_id: string;
  id: string;
  name: string;
  description: string | null;
  position: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface KbArticleTable {
  organization_id: string;
  id: string;
  collection_id: string | null;
  title: string;
  slug: string;
  body_markdown: string;
  /** Rendered from body_markdown and sanitized when the article is written. */
  body_html: string;
  status: string;
  locale: string;
  author_id: string | null;
  author_name: string | null;
  published_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

/** Every slug an article has had, its current one included: old ones redirect. */
export interface KbArticleSlugTable {
  organization_id: string;
  slug: string;
  article_id: string;
  created_at: Millis;
}

/** The article as it was published, each time it was. */
export interface KbArticleRevisionTable {
  organization_id: string;
  id: string;
  article_id: string;
  title: string;
  body_markdown: string;
  author_id: string | null;
  author_name: string | null;
  created_at: Millis;
}

/** A published article's section (split at headings): the unit of search and of citations. */
export interface KbPassageTable {
  rid: Generated<number>;
  organization_id: string;
  id: string;
  article_id: string;
  position: number;
  title: string;
  heading: string;
  anchor: string;
  content: string;
  /** The distinct stems of the title, heading and content, space-separated (stems.ts). */
  stems: string;
}

/** How many of the organization's passages hold a stem (the empty stem: how many there are). */
export interface KbTermTable {
  organization_id: string;
  stem: string;
  passages: number;
}

export interface KbConversationTable {
  organization_id: string;
  id: string;
  client_address: string | null;
  ticket_id: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/** A question or an answer of a conversation. */
export interface KbTurnTable {
  organization_id: string;
  id: string;
  conversation_id: string;
  role: string;
  text: string;
  mode: string | null;
  /** JSON: [{ article_id, title, url }]. */
  citations: string | null;
  helpful: number | null;
  request_key: string | null;
  created_at: Millis;
}

/** The embedding of a passage text by one model (cached: computed when first needed). */
export interface KbPassageEmbeddingTable {
  organization_id: string;
  model: string;
  /** sha256 of the passage's title, heading and content. */
  content_hash: string;
  dims: number;
  /** Float32 little-endian. */
  vector: Uint8Array;
  created_at: Millis;
}
