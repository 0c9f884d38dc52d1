package dev.idem.tool.content;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a tool returns when its answer is more than one value: text, images, audio, embedded
 * resources and resource links, in order. Return it from a {@code @Tool} method; the tool class
 * needs Idem's runtime only, never the MCP SDK.
 *
 * <pre>{@code
 * @Tool(readOnly = true)
 * public ToolContent chart(String query) {
 *     return ToolContent.of(ContentItem.text("Sales by month"), ContentItem.image(png(query), "image/png"));
 * }
 * }</pre>
 *
 * <p>How adapters show it: the MCP server sends each item as MCP content of its type; adapters
 * whose tool results are text (LangChain4j, Spring AI, Idem's agent) send {@link #fallbackText()}.
 * In a {@code ToolResult} and in the call journal it is the JSON of {@link #toJson()}, an object
 * with the one key {@value #JSON_KEY}, so a replayed result is the same content, item for item.
 * A tool has no output schema when it returns content.
 */
public final class ToolContent {

    /** The key of the JSON object that carries content in a result's value and in the journal. */
    public static final String JSON_KEY = "dev.idem/content";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<ContentItem> items;

    private ToolContent(List<ContentItem> items) {
        this.items = List.copyOf(items);
        if (this.items.isEmpty()) {
            throw new IllegalArgumentException("content needs at least one item");
        }
    }

    /**
     * Content of these items, in this order.
     *
     * @param items at least one item
     * @return the content
     */
    public static ToolContent of(ContentItem... items) {
        return new ToolContent(List.of(items));
    }

    /**
     * Content of these items, in this order.
     *
     * @param items at least one item
     * @return the content
     */
    public static ToolContent of(List<? extends ContentItem> items) {
        return new ToolContent(List.copyOf(items));
    }

    /**
     * The items, in order.
     *
     * @return the items
     */
    public List<ContentItem> items() {
        return items;
    }

    /**
     * This content as JSON: {@code {"dev.idem/content":[...]}}, each item as MCP writes it
     * ({@code {"type":"image","data":...,"mimeType":...}}).
     *
     * @return a new JSON object
     */
    public ObjectNode toJson() {
        ArrayNode array = NODES.arrayNode();
        for (ContentItem item : items) {
            array.add(itemJson(item));
        }
        ObjectNode json = NODES.objectNode();
        json.set(JSON_KEY, array);
        return json;
    }

    /**
     * The content a result's value carries, if it is content (see {@link #toJson()}).
     *
     * @param value a tool result's value, or {@code null}
     * @return the content, or empty when the value is anything else
     */
    public static Optional<ToolContent> fromJson(JsonNode value) {
        if (value == null || !value.isObject() || value.size() != 1 || !value.path(JSON_KEY).isArray()) {
            return Optional.empty();
        }
        List<ContentItem> items = new ArrayList<>();
        for (JsonNode item : value.path(JSON_KEY)) {
            ContentItem read = item(item);
            if (read == null) {
                return Optional.empty();
            }
            items.add(read);
        }
        return items.isEmpty() ? Optional.empty() : Optional.of(new ToolContent(items));
    }

    /**
     * The content as one text, for adapters whose tool results are text: text items as they are,
     * an embedded text resource as its URI line and text, every other item as one bracketed line
     * that names it ({@code [image image/png, 1024 bytes]}, {@code [resource link: report <file:///r.pdf>]}),
     * items separated by a new line.
     *
     * @return the text
     */
    public String fallbackText() {
        StringBuilder text = new StringBuilder();
        for (ContentItem item : items) {
            if (text.length() > 0) {
                text.append('\n');
            }
            if (item instanceof ContentItem.Text t) {
                text.append(t.text());
            } else if (item instanceof ContentItem.Image image) {
                text.append("[image ").append(image.mimeType()).append(", ").append(size(image.data())).append(" bytes]");
            } else if (item instanceof ContentItem.Audio audio) {
                text.append("[audio ").append(audio.mimeType()).append(", ").append(size(audio.data())).append(" bytes]");
            } else if (item instanceof ContentItem.Resource resource) {
                text.append("[resource ").append(resource.uri()).append(resource.mimeType() == null ? "" : " " + resource.mimeType());
                text.append(resource.text() != null ? "]\n" + resource.text() : ", " + size(resource.blob()) + " bytes]");
            } else if (item instanceof ContentItem.ResourceLink link) {
                text.append("[resource link: ").append(link.name()).append(" <").append(link.uri()).append(">]");
            }
        }
        return text.toString();
    }

    private static int size(String base64) {
        return Base64.getDecoder().decode(base64).length;
    }

    private static ObjectNode itemJson(ContentItem item) {
        ObjectNode json = NODES.objectNode();
        if (item instanceof ContentItem.Text text) {
            json.put("type", "text").put("text", text.text());
        } else if (item instanceof ContentItem.Image image) {
            json.put("type", "image").put("data", image.data()).put("mimeType", image.mimeType());
        } else if (item instanceof ContentItem.Audio audio) {
            json.put("type", "audio").put("data", audio.data()).put("mimeType", audio.mimeType());
        } else if (item instanceof ContentItem.Resource resource) {
            ObjectNode inner = NODES.objectNode().put("uri", resource.uri());
            putIfPresent(inner, "mimeType", resource.mimeType());
            putIfPresent(inner, "text", resource.text());
            putIfPresent(inner, "blob", resource.blob());
            json.put("type", "resource").set("resource", inner);
        } else if (item instanceof ContentItem.ResourceLink link) {
            json.put("type", "resource_link").put("uri", link.uri()).put("name", link.name());
            putIfPresent(json, "description", link.description());
            putIfPresent(json, "mimeType", link.mimeType());
        }
        return json;
    }

    /** One item of {@link #toJson()}'s form, or {@code null} when it is not one. */
    private static ContentItem item(JsonNode json) {
        try {
            switch (json.path("type").asString("")) {
                case "text":
                    return new ContentItem.Text(text(json, "text"));
                case "image":
                    return new ContentItem.Image(text(json, "data"), text(json, "mimeType"));
                case "audio":
                    return new ContentItem.Audio(text(json, "data"), text(json, "mimeType"));
                case "resource":
                    JsonNode inner = json.path("resource");
                    return new ContentItem.Resource(text(inner, "uri"), text(inner, "mimeType"), text(inner, "text"),
                            text(inner, "blob"));
                case "resource_link":
                    return new ContentItem.ResourceLink(text(json, "uri"), text(json, "name"), text(json, "description"),
                            text(json, "mimeType"));
                default:
                    return null;
            }
        } catch (RuntimeException notContent) {
            return null;
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }

    private static void putIfPresent(ObjectNode json, String field, String value) {
        if (value != null) {
            json.put(field, value);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ToolContent content && content.items.equals(items);
    }

    @Override
    public int hashCode() {
        return Objects.hash(items);
    }

    @Override
    public String toString() {
        return fallbackText();
    }
}
