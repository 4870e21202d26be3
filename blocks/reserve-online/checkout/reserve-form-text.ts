/** Words the reserve form shares with the server and the lead forms (kept out of the client bundle's server imports). */
export { BACK_LABEL, NEXT_LABEL, stepLabel } from "../../../domain/lead-forms";
/** The lead category of a reservation (server/reservations RESERVE_CATEGORY; domain/lead-forms FIXED_CATEGORY.reserve). */
export const RESERVE_CATEGORY_LABEL = "Reserve Online";
