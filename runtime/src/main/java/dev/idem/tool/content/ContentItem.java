package dev.idem.tool.content;

/**
 * One item of a tool's {@link ToolContent}: text, an image, audio, an embedded resource or a link
 * to one. The items are MCP's content types in Idem's words, so a tool class needs no MCP SDK to
 * return them; the MCP server sends them as they are, other adapters as {@link ToolContent#fallbackText()}.
 *
 * <pre>{@code
 * return ToolContent.of(ContentItem.text("the chart"), ContentItem.image(png, "image/png"));
 * }</pre>
 */
public sealed interface ContentItem
        permits ContentItem.Text, ContentItem.Image, ContentItem.Audio, ContentItem.Resource, ContentItem.ResourceLink {

    /**
     * A text item.
     *
     * @param text the text
     * @return the item
     */
    static ContentItem text(String text) {
        return new Text(text);
    }

    /**
     * An image item from its bytes.
     *
     * @param bytes the image's bytes
     * @param mimeType its media type, e.g. {@code image/png}
     * @return the item
     */
    static ContentItem image(byte[] bytes, String mimeType) {
        return new Image(Base64Text.encode(bytes), mimeType);
    }

    /**
     * An audio item from its bytes.
     *
     * @param bytes the audio's bytes
     * @param mimeType its media type, e.g. {@code audio/wav}
     * @return the item
     */
    static ContentItem audio(byte[] bytes, String mimeType) {
        return new Audio(Base64Text.encode(bytes), mimeType);
    }

    /**
     * A resource embedded as text.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, e.g. {@code text/plain}
     * @param text its text
     * @return the item
     */
    static ContentItem resourceText(String uri, String mimeType, String text) {
        return new Resource(uri, mimeType, text, null);
    }

    /**
     * A resource embedded as bytes.
     *
     * @param uri the resource's URI
     * @param mimeType its media type
     * @param bytes its bytes
     * @return the item
     */
    static ContentItem resourceBlob(String uri, String mimeType, byte[] bytes) {
        return new Resource(uri, mimeType, null, Base64Text.encode(bytes));
    }

    /**
     * A link to a resource the client may read itself.
     *
     * @param uri the resource's URI
     * @param name its name
     * @param mimeType its media type, or {@code null}
     * @return the item
     */
    static ContentItem resourceLink(String uri, String name, String mimeType) {
        return new ResourceLink(uri, name, null, mimeType);
    }

    /**
     * Text.
     *
     * @param text the text
     */
    record Text(String text) implements ContentItem {
        /**
         * Checks the text is present.
         *
         * @param text the text
         */
        public Text {
            Base64Text.require(text, "text");
        }
    }

    /**
     * An image.
     *
     * @param data the image's bytes in base64
     * @param mimeType its media type, e.g. {@code image/png}
     */
    record Image(String data, String mimeType) implements ContentItem {
        /**
         * Checks both values are present and {@code data} is base64.
         *
         * @param data the image's bytes in base64
         * @param mimeType its media type
         */
        public Image {
            Base64Text.requireBase64(data, "data");
            Base64Text.require(mimeType, "mimeType");
        }
    }

    /**
     * Audio.
     *
     * @param data the audio's bytes in base64
     * @param mimeType its media type, e.g. {@code audio/wav}
     */
    record Audio(String data, String mimeType) implements ContentItem {
        /**
         * Checks both values are present and {@code data} is base64.
         *
         * @param data the audio's bytes in base64
         * @param mimeType its media type
         */
        public Audio {
            Base64Text.requireBase64(data, "data");
            Base64Text.require(mimeType, "mimeType");
        }
    }

    /**
     * A resource embedded in the result: exactly one of {@code text} and {@code blob}.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param text its text, or {@code null} for a binary resource
     * @param blob its bytes in base64, or {@code null} for a text resource
     */
    record Resource(String uri, String mimeType, String text, String blob) implements ContentItem {
        /**
         * Checks the URI is present and exactly one of text and blob is.
         *
         * @param uri the resource's URI
         * @param mimeType its media type, or {@code null}
         * @param text its text, or {@code null}
         * @param blob its bytes in base64, or {@code null}
         */
        public Resource {
            Base64Text.require(uri, "uri");
            if ((text == null) == (blob == null)) {
                throw new IllegalArgumentException("a resource has exactly one of text and blob");
            }
            if (blob != null) {
                Base64Text.requireBase64(blob, "blob");
            }
        }
    }

    /**
     * A link to a resource, not its content.
     *
     * @param uri the resource's URI
     * @param name its name
     * @param description what it is, or {@code null}
     * @param mimeType its media type, or {@code null}
     */
    record ResourceLink(String uri, String name, String description, String mimeType) implements ContentItem {
        /**
         * Checks the URI and name are present.
         *
         * @param uri the resource's URI
         * @param name its name
         * @param description what it is, or {@code null}
         * @param mimeType its media type, or {@code null}
         */
        public ResourceLink {
            Base64Text.require(uri, "uri");
            Base64Text.require(name, "name");
        }
    }
}
