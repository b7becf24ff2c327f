/** The sharing feature's browser entry (loaded on click by the viewer and the card menu). */
export { shareCourseLink, stopSharingCourse } from "./share-actions";
