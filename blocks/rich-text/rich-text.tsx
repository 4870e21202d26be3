import type { BlockComponent } from "../../renderer/types";
const RichText: BlockComponent<"rich-text"> = ({ props }) => <div>{props.html}</div>;
export default RichText;
