package dev.idem.mcp;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * One MCP endpoint for both revisions: a request whose {@code MCP-Protocol-Version} header names
 * 2026-07-28 (every 2026-07-28 request over HTTP carries it, and no session) goes to the
 * 2026-07-28 servlet; any other (a 2025-11-25 {@code initialize}, a session's requests, its GET
 * stream and DELETE) to the 2025-11-25 one.
 */
final class McpRevisionServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** The header a Streamable HTTP request names its protocol version in. */
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    private final transient HttpServlet legacy;
    private final transient HttpServlet modern;

    McpRevisionServlet(HttpServlet legacy, HttpServlet modern) {
        this.legacy = legacy;
        this.modern = modern;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        legacy.init(config);
        modern.init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (McpModernLines.REVISION.equals(request.getHeader(VERSION_HEADER))) {
            modern.service(request, response);
        } else {
            legacy.service(request, response);
        }
    }

    @Override
    public void destroy() {
        legacy.destroy();
        modern.destroy();
        super.destroy();
    }
}
