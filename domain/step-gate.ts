/**
 * The step gate's message, on its own so that code which must not load the lead schema (the service
 * booking's rules in the e2e tests' loader) shares it; domain/lead-forms.ts exports it with the rest.
 */

/** A step of a multi-step form not completed when Next is pressed (leads §5 "Vehicle step gate", §8 "Service step incomplete"). */
export const STEP_INCOMPLETE = "Please complete the form step before proceeding.";
