// The quiz's browser entry, pure: what other features and the pages may use without the server.
export { certificateDate, certificateImagePath, linkedInAddUrl, quizResultParts } from "./certificate-format";
