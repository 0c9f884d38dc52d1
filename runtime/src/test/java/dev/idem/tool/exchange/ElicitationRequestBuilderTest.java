package dev.idem.tool.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A form built field by field is the flat JSON Schema object MCP's elicitation takes, and the hand-written one still works. */
class ElicitationRequestBuilderTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aBuiltFormIsAFlatSchemaObjectWithEveryFieldRequiredButTheOptionalOnes() {
        ElicitationRequest request = ElicitationRequest.builder("Where should the parcel go?")
                .string("street", "Street and number")
                .integer("floor", "Floor")
                .number("weight", "Kilograms")
                .bool("signature", "Against a signature")
                .choice("speed", "Delivery", "standard", "express")
                .optional("floor", "signature")
                .build();

        assertThat(request.message()).isEqualTo("Where should the parcel go?");
        assertThat(request.requestedSchema()).isEqualTo(JSON.readTree("""
                {"type":"object","properties":{
                  "street":{"type":"string","description":"Street and number"},
                  "floor":{"type":"integer","description":"Floor"},
                  "weight":{"type":"number","description":"Kilograms"},
                  "signature":{"type":"boolean","description":"Against a signature"},
                  "speed":{"type":"string","description":"Delivery","enum":["standard","express"]}},
                 "required":["street","weight","speed"]}"""));
    }

    @Test
    void aFormWhoseFieldsAreAllOptionalListsNoneAsRequired() {
        JsonNode schema = ElicitationRequest.builder("Anything to add?").string("note", "A note").optional("note")
                .build().requestedSchema();
        assertThat(schema.has("required")).isFalse();
        assertThat(schema.get("properties").get("note").get("type").asString()).isEqualTo("string");
    }

    @Test
    void aFieldAddedTwiceAnOptionalNamingNoFieldAndAnEmptyChoiceAreRefused() {
        assertThatThrownBy(() -> ElicitationRequest.builder("?").string("name", "a").integer("name", "b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'name' already");
        assertThatThrownBy(() -> ElicitationRequest.builder("?").string("name", "a").optional("nmae"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'nmae'").hasMessageContaining("name");
        assertThatThrownBy(() -> ElicitationRequest.builder("?").choice("speed", "Delivery"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one value");
    }

    @Test
    void theRecordConstructorStillTakesAHandWrittenSchema() {
        JsonNode schema = JSON.readTree("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}");
        assertThat(new ElicitationRequest("Your name?", schema).requestedSchema()).isEqualTo(schema);
        assertThatThrownBy(() -> new ElicitationRequest("Your name?", JSON.readTree("[]")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
