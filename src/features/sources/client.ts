// The sources feature's browser entry: what pages and other features' components may use.
export { AddMaterial } from "./components/add-material";
export { supportingSentence } from "./citations";
