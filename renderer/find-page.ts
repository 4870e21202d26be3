// Page resolution lives in domain/ (the pre-publish checklist on the server uses it too); the renderer's blocks import it from here.
export * from "../domain/find-page";
