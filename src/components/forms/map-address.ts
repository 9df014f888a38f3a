/** The address the contact map shows: read by the server section (contact-map.tsx) and the browser's map (lazy-map.tsx, map-figure.tsx). */
export type MapAddress = { company: string; street: string; zipCode: string; city: string };
