package dev.idem.benchmarks;

import dev.idem.Tool;

/** A hundred tools, annotated for Idem, LangChain4j and Spring AI, to measure start-up. */
@SuppressWarnings("unused")
public class HundredTools {

    @Tool(description = "Tool number 00")
    @dev.langchain4j.agent.tool.Tool("Tool number 00")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 00")
    public String tool00(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 01")
    @dev.langchain4j.agent.tool.Tool("Tool number 01")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 01")
    public String tool01(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 02")
    @dev.langchain4j.agent.tool.Tool("Tool number 02")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 02")
    public String tool02(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 03")
    @dev.langchain4j.agent.tool.Tool("Tool number 03")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 03")
    public String tool03(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 04")
    @dev.langchain4j.agent.tool.Tool("Tool number 04")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 04")
    public String tool04(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 05")
    @dev.langchain4j.agent.tool.Tool("Tool number 05")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 05")
    public String tool05(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 06")
    @dev.langchain4j.agent.tool.Tool("Tool number 06")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 06")
    public String tool06(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 07")
    @dev.langchain4j.agent.tool.Tool("Tool number 07")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 07")
    public String tool07(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 08")
    @dev.langchain4j.agent.tool.Tool("Tool number 08")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 08")
    public String tool08(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 09")
    @dev.langchain4j.agent.tool.Tool("Tool number 09")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 09")
    public String tool09(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 10")
    @dev.langchain4j.agent.tool.Tool("Tool number 10")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 10")
    public String tool10(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 11")
    @dev.langchain4j.agent.tool.Tool("Tool number 11")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 11")
    public String tool11(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 12")
    @dev.langchain4j.agent.tool.Tool("Tool number 12")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 12")
    public String tool12(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 13")
    @dev.langchain4j.agent.tool.Tool("Tool number 13")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 13")
    public String tool13(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 14")
    @dev.langchain4j.agent.tool.Tool("Tool number 14")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 14")
    public String tool14(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 15")
    @dev.langchain4j.agent.tool.Tool("Tool number 15")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 15")
    public String tool15(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 16")
    @dev.langchain4j.agent.tool.Tool("Tool number 16")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 16")
    public String tool16(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 17")
    @dev.langchain4j.agent.tool.Tool("Tool number 17")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 17")
    public String tool17(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 18")
    @dev.langchain4j.agent.tool.Tool("Tool number 18")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 18")
    public String tool18(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 19")
    @dev.langchain4j.agent.tool.Tool("Tool number 19")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 19")
    public String tool19(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 20")
    @dev.langchain4j.agent.tool.Tool("Tool number 20")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 20")
    public String tool20(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 21")
    @dev.langchain4j.agent.tool.Tool("Tool number 21")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 21")
    public String tool21(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 22")
    @dev.langchain4j.agent.tool.Tool("Tool number 22")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 22")
    public String tool22(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 23")
    @dev.langchain4j.agent.tool.Tool("Tool number 23")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 23")
    public String tool23(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 24")
    @dev.langchain4j.agent.tool.Tool("Tool number 24")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 24")
    public String tool24(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 25")
    @dev.langchain4j.agent.tool.Tool("Tool number 25")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 25")
    public String tool25(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 26")
    @dev.langchain4j.agent.tool.Tool("Tool number 26")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 26")
    public String tool26(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 27")
    @dev.langchain4j.agent.tool.Tool("Tool number 27")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 27")
    public String tool27(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 28")
    @dev.langchain4j.agent.tool.Tool("Tool number 28")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 28")
    public String tool28(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 29")
    @dev.langchain4j.agent.tool.Tool("Tool number 29")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 29")
    public String tool29(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 30")
    @dev.langchain4j.agent.tool.Tool("Tool number 30")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 30")
    public String tool30(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 31")
    @dev.langchain4j.agent.tool.Tool("Tool number 31")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 31")
    public String tool31(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 32")
    @dev.langchain4j.agent.tool.Tool("Tool number 32")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 32")
    public String tool32(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 33")
    @dev.langchain4j.agent.tool.Tool("Tool number 33")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 33")
    public String tool33(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 34")
    @dev.langchain4j.agent.tool.Tool("Tool number 34")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 34")
    public String tool34(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 35")
    @dev.langchain4j.agent.tool.Tool("Tool number 35")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 35")
    public String tool35(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 36")
    @dev.langchain4j.agent.tool.Tool("Tool number 36")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 36")
    public String tool36(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 37")
    @dev.langchain4j.agent.tool.Tool("Tool number 37")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 37")
    public String tool37(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 38")
    @dev.langchain4j.agent.tool.Tool("Tool number 38")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 38")
    public String tool38(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 39")
    @dev.langchain4j.agent.tool.Tool("Tool number 39")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 39")
    public String tool39(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 40")
    @dev.langchain4j.agent.tool.Tool("Tool number 40")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 40")
    public String tool40(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 41")
    @dev.langchain4j.agent.tool.Tool("Tool number 41")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 41")
    public String tool41(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 42")
    @dev.langchain4j.agent.tool.Tool("Tool number 42")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 42")
    public String tool42(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 43")
    @dev.langchain4j.agent.tool.Tool("Tool number 43")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 43")
    public String tool43(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 44")
    @dev.langchain4j.agent.tool.Tool("Tool number 44")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 44")
    public String tool44(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 45")
    @dev.langchain4j.agent.tool.Tool("Tool number 45")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 45")
    public String tool45(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 46")
    @dev.langchain4j.agent.tool.Tool("Tool number 46")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 46")
    public String tool46(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 47")
    @dev.langchain4j.agent.tool.Tool("Tool number 47")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 47")
    public String tool47(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 48")
    @dev.langchain4j.agent.tool.Tool("Tool number 48")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 48")
    public String tool48(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 49")
    @dev.langchain4j.agent.tool.Tool("Tool number 49")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 49")
    public String tool49(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 50")
    @dev.langchain4j.agent.tool.Tool("Tool number 50")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 50")
    public String tool50(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 51")
    @dev.langchain4j.agent.tool.Tool("Tool number 51")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 51")
    public String tool51(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 52")
    @dev.langchain4j.agent.tool.Tool("Tool number 52")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 52")
    public String tool52(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 53")
    @dev.langchain4j.agent.tool.Tool("Tool number 53")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 53")
    public String tool53(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 54")
    @dev.langchain4j.agent.tool.Tool("Tool number 54")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 54")
    public String tool54(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 55")
    @dev.langchain4j.agent.tool.Tool("Tool number 55")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 55")
    public String tool55(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 56")
    @dev.langchain4j.agent.tool.Tool("Tool number 56")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 56")
    public String tool56(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 57")
    @dev.langchain4j.agent.tool.Tool("Tool number 57")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 57")
    public String tool57(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 58")
    @dev.langchain4j.agent.tool.Tool("Tool number 58")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 58")
    public String tool58(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 59")
    @dev.langchain4j.agent.tool.Tool("Tool number 59")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 59")
    public String tool59(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 60")
    @dev.langchain4j.agent.tool.Tool("Tool number 60")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 60")
    public String tool60(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 61")
    @dev.langchain4j.agent.tool.Tool("Tool number 61")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 61")
    public String tool61(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 62")
    @dev.langchain4j.agent.tool.Tool("Tool number 62")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 62")
    public String tool62(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 63")
    @dev.langchain4j.agent.tool.Tool("Tool number 63")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 63")
    public String tool63(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 64")
    @dev.langchain4j.agent.tool.Tool("Tool number 64")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 64")
    public String tool64(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 65")
    @dev.langchain4j.agent.tool.Tool("Tool number 65")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 65")
    public String tool65(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 66")
    @dev.langchain4j.agent.tool.Tool("Tool number 66")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 66")
    public String tool66(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 67")
    @dev.langchain4j.agent.tool.Tool("Tool number 67")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 67")
    public String tool67(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 68")
    @dev.langchain4j.agent.tool.Tool("Tool number 68")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 68")
    public String tool68(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 69")
    @dev.langchain4j.agent.tool.Tool("Tool number 69")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 69")
    public String tool69(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 70")
    @dev.langchain4j.agent.tool.Tool("Tool number 70")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 70")
    public String tool70(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 71")
    @dev.langchain4j.agent.tool.Tool("Tool number 71")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 71")
    public String tool71(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 72")
    @dev.langchain4j.agent.tool.Tool("Tool number 72")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 72")
    public String tool72(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 73")
    @dev.langchain4j.agent.tool.Tool("Tool number 73")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 73")
    public String tool73(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 74")
    @dev.langchain4j.agent.tool.Tool("Tool number 74")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 74")
    public String tool74(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 75")
    @dev.langchain4j.agent.tool.Tool("Tool number 75")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 75")
    public String tool75(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 76")
    @dev.langchain4j.agent.tool.Tool("Tool number 76")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 76")
    public String tool76(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 77")
    @dev.langchain4j.agent.tool.Tool("Tool number 77")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 77")
    public String tool77(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 78")
    @dev.langchain4j.agent.tool.Tool("Tool number 78")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 78")
    public String tool78(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 79")
    @dev.langchain4j.agent.tool.Tool("Tool number 79")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 79")
    public String tool79(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 80")
    @dev.langchain4j.agent.tool.Tool("Tool number 80")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 80")
    public String tool80(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 81")
    @dev.langchain4j.agent.tool.Tool("Tool number 81")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 81")
    public String tool81(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 82")
    @dev.langchain4j.agent.tool.Tool("Tool number 82")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 82")
    public String tool82(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 83")
    @dev.langchain4j.agent.tool.Tool("Tool number 83")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 83")
    public String tool83(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 84")
    @dev.langchain4j.agent.tool.Tool("Tool number 84")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 84")
    public String tool84(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 85")
    @dev.langchain4j.agent.tool.Tool("Tool number 85")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 85")
    public String tool85(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 86")
    @dev.langchain4j.agent.tool.Tool("Tool number 86")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 86")
    public String tool86(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 87")
    @dev.langchain4j.agent.tool.Tool("Tool number 87")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 87")
    public String tool87(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 88")
    @dev.langchain4j.agent.tool.Tool("Tool number 88")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 88")
    public String tool88(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 89")
    @dev.langchain4j.agent.tool.Tool("Tool number 89")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 89")
    public String tool89(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 90")
    @dev.langchain4j.agent.tool.Tool("Tool number 90")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 90")
    public String tool90(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 91")
    @dev.langchain4j.agent.tool.Tool("Tool number 91")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 91")
    public String tool91(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 92")
    @dev.langchain4j.agent.tool.Tool("Tool number 92")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 92")
    public String tool92(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 93")
    @dev.langchain4j.agent.tool.Tool("Tool number 93")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 93")
    public String tool93(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 94")
    @dev.langchain4j.agent.tool.Tool("Tool number 94")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 94")
    public String tool94(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 95")
    @dev.langchain4j.agent.tool.Tool("Tool number 95")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 95")
    public String tool95(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 96")
    @dev.langchain4j.agent.tool.Tool("Tool number 96")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 96")
    public String tool96(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 97")
    @dev.langchain4j.agent.tool.Tool("Tool number 97")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 97")
    public String tool97(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 98")
    @dev.langchain4j.agent.tool.Tool("Tool number 98")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 98")
    public String tool98(String query, int limit) {
        return query + limit;
    }

    @Tool(description = "Tool number 99")
    @dev.langchain4j.agent.tool.Tool("Tool number 99")
    @org.springframework.ai.tool.annotation.Tool(description = "Tool number 99")
    public String tool99(String query, int limit) {
        return query + limit;
    }
}
