// The editor's preview is rendered by the very module the server renders an article with when it is
// saved (marked, then sanitize-html with the help center's rules: no scripts, no event handlers, no
// style, links only http(s), mailto and tel). Not a copy that could drift: what the preview shows is
// what the help center will serve. It is bundled into the editor's chunk only.
export { renderMarkdown } from '../../../../src/knowledge/markdown';
