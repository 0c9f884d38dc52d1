package dev.idem.regex;

/**
 * The Unicode 16.0 data of the engine: the code points of every General_Category, Script,
 * Script_Extensions and binary property value ECMA-262 names, by any of its aliases. Written by
 * {@code UnicodeTablesGenerator} (regex/src/test) from ICU4J 76.1; do not edit.
 * Each value is a string of range boundaries (see {@link UnicodeProperties#decode}); a
 * literal is loaded only when its case is taken, so unused properties cost nothing.
 */
final class UnicodeTables {
    /** The Unicode version of these tables. */
    static final String UNICODE_VERSION = "16.0";

    private UnicodeTables() {}

    /** The ranges of the General_Category value {@code value}, or null if there is none. */
    static String generalCategory(String value) {
        return switch (value) {
            case "Lu", "Uppercase_Letter" -> "%^w&bt^d$^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^_`^d^_^_^_^^^^^^^^^^^^^^^_^^^^^^"
                    + "^^^^^^^^^^^_^_^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^,^^^^`^e^"
                    + "c^^`^^^_^n^f$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^_^^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_$c%=f$c^^b^9o%s%'p^c$h_`-]^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^feecgeeeech^^^^^^^ee%eaiaiaibha+c^a^``_`_^`bc^^^^^^a_ag_b^$z^%6y$m$m^^`_^^^^^"
                    + "^a^^_^e`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^e^^^a^A-j^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^'d^^^^^^^^^^"
                    + "^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^^_^^^^^^^^a^^^_^^^`^^^^^^^^^^^^"
                    + "^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_`^b^^^^^^^u^8<hw$)b$e'e$a'yh^l^d^_$:g$p'zs%<w$]8/]$]<0]wwwwww^^__^___"
                    + "a^ewww_^a_e^dx_^a^b^^`dxwwwwwwwwwww{v$^v$^v$^v$^v$^^',r$_";
            case "Ll", "Lowercase_Letter" -> "&^w$w^$fu^e^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^___`c^_^_^^^^^^^^^^^^^^^^_^^^^^"
                    + "^^^^^^^^^^^^__^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^%b^x)^^^"
                    + "^`^``o^x$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^^_^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^$m$f%=d$h_`:uc%'_f^^&r$i$|j^$_&c^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^fecgeeeecgeeeek_eeeeeeb^_c^``^_ea__eeg`^_+o^`_`^x^a^a^__eaa^$r^%8h$m^^`_^^^^"
                    + "^^a^^_^cb^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^_d^^^a^i$c^^b^A+p^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^'d^"
                    + "^^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^e^^^^_^^^^^^^^^a^^^_^^`^^"
                    + "^^^^^^^^^^^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_^`^^^^^^^^^^^w^`^<r$hbfd%m6=]dib$$fw$)j$e'e$a'xh^l^d^_$;`$p"
                    + "&zs%<w$]8/]$]</wwwd^owwwa^^^d^hwwwwwwwwwwwwwwwwwyyv^cwv^cwv^cwv^cwv^c^^$<qg^qcc%2t$_";
            case "Lt", "Titlecase_Letter" -> "1b^_^_^$c^*/reeeeei^l^$l^";
            case "Lm", "Modifier_Letter" -> "8moaikbd^^^'b^b^1{^*c^(a_+j_a^|^f^`^(]^(d^$)q^&|^4r^$9w^&h^6`^1mc(k$|j^$_$b8n^j^mj%A|_*n^(|^1r^$hbb^"
                    + "&^_%z`>;s^$*_c+k^&o^y_&vf%m^t^&f``_1r^s^'f^&i^r_&daf^8#c^$j_$B]c^$g^f$/p^$]^:1ma2y`$e_4cj%]_^^3#ia^d"
                    + "^_/$n${)fd@j^$%|^";
            case "Lo", "Other_Letter" -> "(g^l^+]^aa)m^<xxaa$j$]^g$`_^&`^^u_g`_^m^^{z%vh^u$^rs$gvdhbu^cn$f$x$s`^o^dgmlae___s^d^^`a`^m^j_^`k_g^"
                    + "eca__s^d^_^_^_|a^^p`mf^`^s^d^_^b`^o^l_t^he___s^d^_^b`^{_^`l^n^^c``^a`_^^^_`_```is^$qe^`^t^m`^w`_^__{"
                    + "^ae^`^t^g^b`^|_^_l_nf^`^$f_^m^b`e`ucbo`u^f^^_d$w$m^_ic$x_^^^b^u^^^g^_f^_bta$]^$|e^$axb&p$hq^mcaa`^`_"
                    + "d`aji^&n-f^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`$bm&n6i_n^wb%hcedojpkokj^`l$q$e^%`$`^$rdb_$_^^b%cg|$n{_b"
                    + "h$iaw$stf$r(m$lne$s{j_g$iw$a$f`g{&na^c^_`^$$wa%Bt$uutfd^d^d^d^d^d^d^d4d^$r^a%se^^%wa^b$h^%{n$]$mm3])"
                    + "1]%]73r^$&t%`$ee+iamg_%_^$n%c(f^&d^`d^`^a^tz$qk$o${c`^^_hygtvzd$l$jb_fgb^$ft`^eqm^c`^`$o^^`__b_^^^u_"
                    + "`hd^kc_c_cfd^d'n$`z-@aita$n++a.k_&g%`^^g^j^b^^^_^_^&i$^.ho%]_$s$ei&qb^'d&fg^$j_|`c_c_c_`$`i^w^p^_^l_"
                    + "k$_&x/bz`$n$l$]jq^ec$cg{_$aae']%k&_$ee$q%y$qi,tfsge'uc_^^$i^_`^_tgtf|%^p^_gsgw%c$uc_%]^la^`^z$gz`z$`"
                    + "e^yx$sgsgpjo&k%f(t$a$ca^^,m$gc_m`$xzg^es$go$krxti$r$v__^j$j$]vw$az^_^e$``^i$mkar^^^$`o^vp_$|d^^^a^l^"
                    + "gd$l$ce___s^d^_^b`^o^ib{g^^_^^$c^^v^^^$i$roaq`{$mq_^^(u$l$fa$a$mq^$x$hj^%dx$bd(v$i)pe_^_e^_^ul^^^%{e"
                    + "_$dm^^^y^g$ed^r^h$kp^o%f)d$^|f^$bn^$n{&md^_^$cr^vc^_^$]k^-dpl^^j^$_&y^%l?w*c)a%5i&^l$$mncv&?xb5d)8v{"
                    + "$:_4vd|n%ln{o$m$prbp0p$e/r%hb^(l(Bue$)s$fg+:t,`l^z`_^kae/i%+a&hbj`fdg+6m^2r$j$^^-^{o$i2ax*b{_^2ld^a^"
                    + "_^l^)b$,xa^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n'-a$,:]$]'$wc){_(7_k*,nl6k"
                    + "%0_3{$2_'=hb'&]";
            case "Mn", "Nonspacing_Mark" -> ";]&m+pb+f$j^^^_^_^^%eh$mrm^&bd_c__^a$`^{x%xh$wff^ua^f^`^b$h`$xf$gu^$]$t^^^aea^`dg_z^$w^aae^q_w^__$v^"
                    + "a_a__``^{_`^h_$v^ab^_a^q_sc^^$w^_^^ae^d_h_{^$z^i^$o^`^$t^^`b`^ad_h_z^$w^_^c^b_q_y_$v_aae^q_z^%e^d`^^"
                    + "%w^_die&_^_fhd%f_x^^^^^$tk^b^_bh^$af^&ca^c^___v_a`maj^__c^l^8|`@o`z_{_{_%]_^de^_hf^$j`^^&r_$_^&s`a_f"
                    + "^c`)x__^$w^^d^^^^_ecg_^$mk^m$na$m^^b^^b^$efi_$]a__^`$u^^_`^^`$we__'u`^j^da^c^`_)c%]9mja^`i%B{`'j^&]$"
                    + "]4ga&h_@1q^ag$]_%m_+m^`^a^v_b^'t_woj^$cevh$k`$m^_a__$d^%`c____i^e^$l^$p^^`__b_^^$g_e^*k^_^a^6<m^:^mm"
                    + "mAj^*_^'rb$7c`^_ba$e`a^(b_4za%^b,z_%la%ch$na&x^$sl$f^__g`$na__d^$z`$ab^e${^i_$qfga_^%|`_^^_c^_^'z^`e"
                    + "r_$v_`^$bd`b%ccj^^^^^k_%re_`^^t^%qc^^a_^_*kac_^_x_%re_^^_&g^^^_c^^&b^^^_a^b+`f^_+]_^^a^'ma__a^$]g$ec"
                    + "_ae^fc_`$kj^_/sd^c^^%os_d^_^_&wc`^^_^d^^%e_`^^^-x_h_$qbb^^^t^(*b^cl.)ei``%1]b$xd$#u^$|a%n^6(u_'6^$k_"
                    + "t4]`ne_d{a'q`$@x$ta$oe^k^sb^l$-md^n_d^_^b&a^(]d.t^$za2ya*{_:]d&jd;(@r*m";
            case "Mc", "Spacing_Mark" -> "%+`^$t^_`ea^_$o_$w`c___g^$h^$w`%_^$w`e^^_$r_$w^^^c___g^&c_^_``^`g^$f`$za$z_$w^^b__^_f_y^k_$w`b`^`g^$"
                    + "g_%h`ceo_-g_$|^(h_a^c^__v_g`_dr__c_^g`$6u^{^'^^de^_-wa_`a_^c*]_$w^^^f^^_ec'n^$m^b^^b^_$z^{^a__^$y^_`"
                    + "^^`_$mee_(h^r^'<s_@Bp__^%u_$om'k_$l^$m_a__`&k___u^$j^^^&j^__b^*j_^_^_^^<#p^^^&|^$j`a_&p^u_$x^$m`f_j^"
                    + "%z``_^^(g`|_$w_^a___`f^g_%q`d^_^^a^_^^&b`e_`^&g`c^^a_^*j`ca_^&n`e_^^&j^^_c^&d^^_a^+b`f^*tc^_a^_^^^'k"
                    + "`eaa^%q^z_${^/t^k^&g^d^_^)rba_^^-{_i^$m_e_^^32e`&4a$t&e_;.p_cc";
            case "Me", "Enclosing_Mark" -> "$'e_(4q^$3{a^`$$/h`";
            case "Nd", "Decimal_Number", "digit" -> "$mg$4cg'cg)cg/yg&sg&sg&sg&sg&sg&sg&sg&sg&sg&]g&sg%cg+sg%cg$=cg$cg,ig']g(cgcg(sg%sg'cgcg$%1cg8cg$cg)c"
                    + "gsg%sg/sg7;sg$/cg%'cgcg;yg']g$yg'mg+sg-sg&sg.sg&cgcq%ig0cg&cg7sg%sg*sg%cg0cg31sg%,cg%sg'cg3sg:>sg%9q"
                    + "$o%-]g0cg2sg*tg=rg'7sg";
            case "Nl", "Letter_Number" -> "(:k`%6l$`_a&6{^vfk`@8hg95m$r1i^e^'cb+$g&l";
            case "No", "Other_Number" -> "(o_b^_`%,rc.uc&u`'bd)vdnf0ng$$rq$&pg2]^$7r^`ccg)cm$f^9s$y%ks6s{$.f^$'qa'gg{e^l$]g$dl@.mc9)n$j%^an_-r"
                    + "x$aa$,qevd$df%hbsc(]__m_$k%]f$q_{`%hb&eeue$fd-gc.]|'{g$ga&md'cq.xq$-b_0kf>dp=pr5?cd;{t<$fqiq&iv(-kf@"
                    + "^$x^`^a%i$j^lA_j";
            case "Pc", "Connector_Punctuation" -> "%|^*A|_p^$:1{_u`*l^";
            case "Pd", "Dash_Punctuation" -> "$j^$-y^$p^&5^^$#b^%#fc&3^^_^|_a^y^0{^p^&l^$6/m_$b^g^(f^&6]^,{^";
            case "Ps", "Open_Punctuation" -> "$e^$o^|^&8{^^^$={^%.{^`^$c^$t^l^6w^^^{^$${^^^^^^^^^^^^^%m^$]^^^^^^^^^/q^^^^^^^^^^^^^^^^^^^^^%]^^^$^^"
                    + "$$b^^^^^^^v^o^^^^^^^0i^^^^^^^^^`^^^^^^^_^$6,^^)t^z^^^^^^^^^^^^^^^`^n^^^^^(g^$o^|^`^_^";
            case "Pe", "Close_Punctuation" -> "$f^$p^|^&8z^^^$={^%0f^$t^l^6w^^^{^$${^^^^^^^^^^^^^%m^$]^^^^^^^^^/q^^^^^^^^^^^^^^^^^^^^^%]^^^$^^$$b^^"
                    + "^^^^^$i^^^^^^^0i^^^^^^^^^`^^^^^^^__$6+{^)v^z^^^^^^^^^^^^^^^`^n^^^^^(g^$p^|^_^_^";
            case "Pi", "Initial_Punctuation" -> "(h^*>i^___^v^&1e^^^a^_^l^`^";
            case "Pf", "Final_Punctuation" -> "(x^*=z^`^y^&1e^^^a^_^l^`^";
            case "Po", "Other_Punctuation" -> "$^`^`_^^^^_g_`_x^%a^b^k_d^8{^e^1oc$f^$s^_^_^$i_q_^_j^^`%ga&c^$hk*f`$sl|^+b_g^'i^&u^&v^/c^i^.l^%w^g_("
                    + "el^^&m^%gba_&lc(h^6af;b^&y`%d_'z`^`$bc^a,v_)u_']d^c(]_gdy`&ya$xb${_%]eh^=__eeef_a_``h^^^g&'wa^_&m^'l"
                    + "_a`_^_f^_^^__gb^g_a^^^j_`0i`$v^(z^@#__+j`&`^g^&pc.ya%s_$e`^^$n_$l^&^jm_&ya&{_m_*v^74ad_^s^q__a``^ad`"
                    + "c^^_'r`^`_^^^^_g_`_x^$a^__/w`7y^$m^/{^:d^)d^|^+mf$c^&md%_d%va@ub$ia(zd&j_^a&{a$m_%laa^j^^`%uc&h^,g_^"
                    + "_&obg_^^&e^*wt&f`yj%i^'_`*y^+e`'x^%ye%p`^b%zg)t^%|b$g_7b_%gj(l^$&mb%>y_16x_'b^%^be^4e`,da-d^6(y^*2db"
                    + "%>p^={_";
            case "Sm", "Math_Symbol" -> "$h^m`$z^^^$j^a^$b^|^:{^3l`)4x^j^$d`j`'h^$dbc^%abb_a^_^_^d^|__^^^|+i$]_%w^{v$ec1r^f^$se&l^-mb_|gm+]'`"
                    + "s$|a$]_+_$mr_c$6Ay^<u^^`(a^m`$z^^^'`^ca&0^_$5,n^v^|^v^|^v^|^v^|^v^(<i_";
            case "Sc", "Currency_Symbol" -> "$a^&za$*f^&x^2o_2o_d^*r^+d^5b^%/x^%)a$^$$>t^81`^&i^'w^)x_`_*Bsa$3;{^%0m^";
            case "Sk", "Modifier_Symbol" -> "%{^^^%d^c^a^`^3faikbd^^^n&r^k_$+_^(<q^^`h`j`j`j_''y_@6`tf_&d_Am^k_7%cn>x^^^(_^$@#tb";
            case "So", "Other_Symbol" -> "(c^_^a^^^An^+g_&|_)k^g^p_*t^3`^.r^'_c^^'a^)l^$f^/d`l^^`_cq^^^^^'be^c^_ba)b_:mg9p^9o^'z$_.^gff$/`_^a^"
                    + "_g^^_cc^^^^^^a^h_k^^_^^$w_fb_a^_^_^d^|__^^^|+ieaq_d_%n^{v$ec%esh%n%ks(t^f^$se&l^*u$i$i%]+]3]$mr_c$d_"
                    + "$]^&f*bc.b_$kw^%vi)swma^j_i^r_c_-m_ag$]$cf^m|h{e^l$]g$dl-])1]%]87m$t>^ag_^^4z`79cm&|^$j`2a^`^a_j_,vf"
                    + "$vn_`^j`^$l$j$6w_5l^&&s^%'rean5=gab^7-s^&>`*mm0q'y&q$y*sg$d_$yb`s_d{a$zr%_`^(w%t$(f3]$ta$oe^k^_$9e^%"
                    + "=y^'^^9n$ia&ail_l^l^$bt(^$uzj$iafd_kc'w*xb9uan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik_j`gb$udl_hcfd'p^%y";
            case "Zs", "Space_Separator" -> "$]^&|^(1|^%.|h$a^$l^&@]^";
            case "Zl", "Line_Separator" -> "+$e^";
            case "Zp", "Paragraph_Separator" -> "+$f^";
            case "Cc", "Control", "cntrl" -> "]$]%|$^";
            case "Cf", "Format" -> "(j^$-ocs^)]^$n^/]_%m^&<h^$Bybwb$nb^g$:7l^*v`')^^l^+>_m$%&]a()le;.7c^{&]";
            case "Cs", "Surrogate" -> "$9#]%#]";
            case "Co", "Private_Use" -> "$;#])+]?$;]$BB{_$BB{";
            case "Cn", "Unassigned" -> ">u_cad^^^q^/j^$c_$o_`^$texach+k^$y_&bk$x_$n_l^y_^^hb|^_b*j^e___s^d^^`a_f___ae^a_^b_v_`^ca__s^d^_^_^_"
                    + "_^^ba__``^da^^dng`^f^`^s^d^_^b_g^`^`_^la_idd^`^e___s^d^_^b_f___`d`a_^b_og_^c``^a`_^^^_`_```iab``^a_^"
                    + "c^krbj^`^t^m_f^`^ad_^`_^_a_gds^`^t^g^b_f^`^ad_c_^a_g^`ij^`^$p^`^cam_w^`^o`u^f^^_d`^ac^^^ecg_`i$waz$b"
                    + "_^^^b^u^^^t_b^^^d^g_a$]%e^$aa$d^$a^l^j$b)c^^b^_.v^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_$]`wc%s_c_7z`%vd"
                    + "sfufqij^`^_i%{_gcgcwc%vd$hb%cg|^iaia^`$g_bh$iawch`${_%^^z_hcgck_|$n%j^(ce$y`l`${b$h_he$hb3s_c_$c_c_e"
                    + "^^^^^^^|_$r^l^k_c^p_`^f^&b^i_x^j`$^l$^l'ia7wshr$;q_$]^-zb$j^^b^_$ud_kufd^d^d^d^d^d^d^d^&{$_w^%vi)sw%"
                    + "m^%s_&db$h^%{^%sf$m^?6j`$tf-yq(ue)k__^^^er$x`gc$ue%ceic&qh{`%k^ha$^^$tfk_g_&duygc_c_cfd^d^$ya&{_gc-@"
                    + "aita$na+6k_&g$cdibbw^b^^^_^_^&zm0z_$sd^$]$gc$p^p^aab^'d_^^({`c_c_c_``d^dgb_i^w^p^_^l_k$_&xb`a$j`%u^j"
                    + "`^$l$k'_z`$nlya$af{b$hb{^$bak$g'{_gc$aa$aa$ee$qhi^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_t^%eef$"
                    + "mp^_b$^`xb^%]$uaq_$o^_be^`^z_`agdfd%]$]$daif$s`z_xbwdaid%m%f$t$pj$pd$kegc$c`ze_)m|^$g^`__m`$t$ie$gsw"
                    + "$cyqtf%ka$af%ag^_vdgc$r^oe$df&]^qho^$l${d^^^a^l^hc$xbgca^e___s^d^_^b^g___`_^c^bd_d`bhg^^_^^$c^g^^_^^"
                    + "a^g^_e_z%y^b{%eeg(c$s_$c$_%bhgcjp$wcgcqyx_lat(v$y&a%pie_^_e^_^{^__ifg%ce_$k_hx%ee%pj%fdg(s$_kgcf^$j^"
                    + "kgz`$]_s^k%fd^_^$i`^^_^fegcc^_^$b^_^cdg,svdn^$f`z%r^l$oj?x&c&l^bh)a%5i&`j$%sg&?xb5d)8v$w$9c4vd|^ga%n"
                    + "^gc{_cg%cgg^d^rbp0m$w)c%x&b%ha$vdn%]bh_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hbj`fdg_e&=y*wc0q%i$k_tf"
                    + "&q$y*sg$d_)_r%c&wqiqi%tfv'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a_8{lb^l$%m|cc)rd^n_d^_^bb${$^"
                    + "^&m$j`k_ga_-]|n$wb^1m$g)s$ha^2]d^a^_^l^)b_m$f%iaga_;n%a%i$z)_a^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^"
                    + "^^^_^^_a^d^a^a^^^g^nb`^b^n$q_+k$ia&ail_l^l^$bg(k$uzj$iafd_kc'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik"
                    + "_j`gb$udl_hcfd'p^&c$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]8:%n^{&]']*m$B3m$BB{_$BB{_";
            case "LC", "Cased_Letter" -> "%^wcw$w^gt^|^)`^aa)m^x)]a__``^^c^^`^^^q^%p^'he(c^$cf$f%;t$c^^b^_$h_`8]%s_c%'_hb$h_`%]$i$|j^$_&b+s_c_"
                    + "$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d+b^a^_g^^`bc^^^^^^a^ca^_abba^$q_%6x&y_&dca`_i$c^^b^A+o$koy'c%k^t`"
                    + "a^${__^^^eu_`^<r$hbfd%m6=]dib$#fwcw$(b%m&]$aa$a&qh^l^d^_^h^l^d^_$9`$pj$p%zsgs%;w%]8.]%]</]%r^%d^__^_"
                    + "__a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e$<qg^qcc%1r%a";
            case "L", "Letter" -> "%^wcw$l^g^a^bt^|^1gaikbd^^^'^b^__a^^c^^`^^^q^%p^'he(c^$c_^c$f%dxaa$j$h$`_^&`^^l_d_g`_^m^^{z%vh^u$^f_"
                    + "a^bsa^f^`^tvdhbu^cn$g$w$s`^o^dglmae___s^d^^`a`^m^j_^`k_g^eca__s^d^_^_^_|a^^p`mf^`^s^d^_^b`^o^l_t^he_"
                    + "__s^d^_^b`^{_^`l^n^^c``^a`_^^^_`_```is^$qe^`^t^m`^w`_^__{^ae^`^t^g^b`^|_^_l_nf^`^$f_^m^b`e`ucbo`u^f^"
                    + "^_d$w$m^_id$w_^^^b^u^^^g^_f^_b^^ra$]^$|e^$axb&p$hq^mcaa`^`_d`aji^n$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^"
                    + "^a_l^$v^a_%`$bmm%s_c`6i_n^wb%hcedojpkokj^`l$q$`^a^%`%vdb_$_^^b%cg|$n{_bh$iaw$stf$r%o^%z$lne$s{j_g$iw"
                    + "$a$f`g$a_hb$h_`$fa^c^_`^b)]%]+s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d&q^j^mj&b^a^_g^^`bc^^^^^^a^h_ab"
                    + "ba^$q_%6x*bca`_i$c^^b^_$ud^mtfd^d^d^d^d^d^d^d%m^1r_$gbb_a%sc`^%w^ab$h^%{n$]$mm3])1]%]87j%`$k_+j`mg_q"
                    + "$lm|_%c$nf_&d_%`__^^^erm^`^a^tz$qk$o${c`^^_hygtvzd$ly^mb^ggb^$ft`^eqt`^`$o^^`__b_^^^u`_hd`ic_c_cfd^d"
                    + "^$h^kc&pz-@aita$n++a.k_&g$cdibb^^g^j^b^^^_^_^&i$^.ho%]_$s$ei&qb^'d$awcwh%v`c_c_c_`$`i^w^p^_^l_k$_&x/"
                    + "bz`$n$l$]jq^ec$cg{_$aae$m'{o$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tgtf|%^p^_gsgw%"
                    + "c$uc_%]^la^`^z$gz`z$`e^yx$sgsgpjo&k%f$t$pj$pj$a$cyft*w$gc_m`$xzg^es$go$krxti$r$v__^j$j$]vw$az^_^e$``"
                    + "^i$mkar^^^$`o^vp_$|d^^^a^l^gd$l$ce___s^d^_^b`^o^ib{g^^_^^$c^^v^^^$i$roaq`{$mq_^^(u$l$fa$a$mq^$x$hj^%"
                    + "dx$bd(v$i&q%]|e_^_e^_^ul^^^%{e_$dm^^^y^g$ed^r^h$kp^o%f)d$^|f^$bn^$n{&md^_^$cr^vc^_^$]k^-dpl^^j^$_&y^"
                    + "%l?w*c)a%5i&^l$$mncv&?xb5d)8v{$:_4vd|n%ln{o$mma|rbp0m$j)p%]']%hb^%_j%]_^^y(Bue$)s$fg+:da^d^_^,`l^z`_"
                    + "^kae/i%+a&hbj`fdg(>c%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e$<q|cc+b${'o$jgdm"
                    + "^-^{o$i2ay*a{_^2ld^a^_^l^)b$x%ad^$(qa^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^"
                    + "n'-a$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            case "M", "Mark", "Combining_Mark" -> ";]&m+pd+d$j^^^_^_^^%eh$mrm^&bd_c__^a$`^{x%xh$wff^ua^f^`^b$h`$xf$gu^$^$s`^o^dg_z`$u^^d___`f^g_w^_`$u^"
                    + "^ba__``^{_`^h`$u^^e^`^`q_sc^`$u^^d___`d`g_{^$xb``^af^$eb$t^^d^`^ad_h_z`$u^^d^`^ad_h_l^ia$t_^d^`^af^g"
                    + "_z`%c^ac^^^eo_$z^_die&_^_fhd%f_x^^^^^a_$nq^_bh^$af^&aqtaa`^`_d`aji^^ga8|`@oay`z_{_%]$]f^$j`^^&r_$_^&"
                    + "siai)xb$vg^z_^$m|$nb$ln$cfi`{j$uk$mq'u`^ra^c^_`)c%]9m$^%B{`'j^&]$]4gc&f_@1qa^g$]_%m_+m^`^a^tba^%p_$o"
                    + "owoj^$cevj$ia$lk$a^%`ki^e_$j`$o^^`__b_^^$fbb_*ie^_6<m^:^mmmAj^*_^'rb$7c`^_ba$e`a^(b_4za%^b,z_%la%ch$"
                    + "na&w`$rl$f^__ga$jhd^$z`$akm_$i^i`$mkea^_%yic^_^'zira$t_^d___`f^g__d`b%`f^^_^^a^b^^k_%oot^%nq*hd_fx_%"
                    + "on&gj&bl+]l*rc^__a^^^_'jd_d`^yg$ed^ae^fh$km/re^e%os^k&wc`^^_^d^^%_b^_^b-xaf_^^$md`bt^(*b^cl.)eo%1]b$"
                    + "xd$#u^^$tda%n^h_6(h_'6^$k_t3{b`cee_d{a'q`$@x$ta$oe^k^sb^l$-md^n_d^_^b&a^(]d.t^$za2ya*{_:]d&jd;(@r*m";
            case "N", "Number" -> "$mg&u_b^_`$0^g'cg)cg/yg&sgac&ig&sg&sg_c&kj&pged&dg&eddp&jg&]g&sg%cq+ig%cg9lq>n`*lgcgsg,ig']h(bgcg(sg"
                    + "%sg'cgcg$#s^`ccg)c$p_b9s$y%ks6s{$.f^;f^vfk`-ta'gg{e^l$]g$dl?>]g(yg-]c'wg$cg)cgsg%sg/sg7;sg2j$ji$vn_-"
                    + "rx$aaz^e^'cb)gg@kevd$df%hbsc(]__m_$k%]f$q_{`%hb&eeue$fd-gc$mgcg+s|'{g$ga&md'c{']g$yg'mgdq*xg-sg&sg.s"
                    + "g&cgcq%ii0ap%zg7sg%sz*`g%cg0cg&cr$$h&l2)^g%,cg%sg'cg^d3kg+ct:5vg$1cqiq&iv$%r$o%-]g0cg2sg*tg9if']g;t$"
                    + "x^`^a%i$j^lA_j%:`g";
            case "P", "Punctuation", "punct" -> "$^`^c^ag_`_w`^^x^^^$`^b^`^g_`^`^8{^e^1oc$f_$p^^^_^_^$i_q_^_j^^`%ga&c^$hk*f`$sl|^+b_g^'i^&u^&v^/c^i^."
                    + "l^%w^g_(el^^$ba%d^%gba_&lc(h^6af't^6j^$i_%k`%d_'z`^`$bh,v_)u_']d^c(]_gdy`&ya$xb${_%]eh^<yueq^j^i{_k_"
                    + "6vaz_$$zk%l_|g/ps$|a$]_:xa^_&m^'l$l^$]_i0``ag_im^i^&_^%w^@#__+j`&`^g^&pc.ya%s_$e`^^$n_$l^&^jm_&ya&{_"
                    + "m_*v^7-o_)mgs$`^k^^a^^_'r`^c^ag_`_w`^^x^^^^d/w`7y^$m^/{^:d^)d^|^+mf$c^&md%_d%va1n^,{^(db$ia(zd&j_^a&"
                    + "{a$m_%laa^j^^`%uc&h^,g_^_&obg_^^&e^*wt&f`yj%i^'_`*y^+e`'x^%ye%p`^b%zg)t^%|b$g_7b_%gj(l^$&mb%>y_16x_'"
                    + "b^%^be^4e`,da-d^6(y^*2db%>p^={_";
            case "S", "Symbol" -> "$a^c^m`|^^^x^^^$`b^__^^a_^`^{^|^1gaikbd^^^n&r^k_&m^'h^+g`&s`_^__)k^g^p_*t^d_'e^.f_c_*r^&{^'_e'a^)l^$"
                    + "f^)b^)^`l^^`_cq^^^^^'be^c^_ba)b_:mg9p^.j^.a^'z$_.^gff$%]^^`h`j`j`j_%b^j^$d`j`p$^$|_^a^_g^^`bc^^^^^^a"
                    + "^h_abba^^$w_a.uaz_*|sh%n%ks6e$i$n_|g/ps$|a$]_.s_$]^&f*bc.b_$kw^%vi)swma^j_i^r_c_%x_*p_ag$]$cf^m|h{e^"
                    + "l$]g$dl-])1]%]87m$t4vtf_&d_'zaga4z`*^^k_6@z^'en.zm&|^$ia&_^^`_^'w^c^m`|^^^x^^^'^d^dj_,vf$vn_`^j`^$l$"
                    + "j$6w_5l^9b_%0l^%'rz5=gab^7-s^&>`*mm0q'y&q$y*sg$d_$yb`s_d{a$zr%_`^(w%t>g^v^|^v^|^v^|^v^|^v^$y3]$ta$oe"
                    + "^k^_$9e^0l^%0i^`^&z^1^_+k$ia&ail_l^l^$bt(^$uzj$iafd_kc'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik_j`gb$"
                    + "udl_hcfd'p^%y";
            case "Z", "Separator" -> "$]^&|^(1|^%.|hz_b^$l^&@]^";
            case "C", "Other" -> "]$]%|$^j^9g_cad^^^q^/j^$c_$o_`^$texacns^)]^$m_$x_&bk$x_$n_l^y_^^hb|e%h^(^^e___s^d^^`a_f___ae^a_^b_v_"
                    + "`^ca__s^d^_^_^__^^ba__``^da^^dng`^f^`^s^d^_^b_g^`^`_^la_idd^`^e___s^d^_^b_f___`d`a_^b_og_^c``^a`_^^^"
                    + "_`_```iab``^a_^c^krbj^`^t^m_f^`^ad_^`_^_a_gds^`^t^g^b_f^`^ad_c_^a_g^`ij^`^$p^`^cam_w^`^o`u^f^^_d`^ac"
                    + "^^^ecg_`i$waz$b_^^^b^u^^^t_b^^^d^g_a$]%e^$aa$d^$a^l^j$b)c^^b^_.v^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_$"
                    + "]`wc%s_c_7z`%vdsfufqij^`^_i%{_gcgck^hc%vd$hb%cg|^iaia^`$g_bh$iawch`${_%^^z_hcgck_|$n%j^(ce$y`l`${b$h"
                    + "_he$hb3s_c_$c_c_e^^^^^^^|_$r^l^k_c^p_`^f^hbwb$nm__x^j`$^l$^l'ia7wshr$;q_$]^-zb$j^^b^_$ud_kufd^d^d^d^"
                    + "d^d^d^d^&{$_w^%vi)sw%m^%s_&db$h^%{^%sf$m^?6j`$tf-yq(ue)k__^^^er$x`gc$ue%ceic&qh{`%k^ha$^^$tfk_g_&duy"
                    + "gc_c_cfd^d^$ya&{_gc-@aita$n++a.k_&g$cdibbw^b^^^_^_^&zm0z_$sd^$]$gc$p^p^aab^'da({`c_c_c_``d^dj__i^w^p"
                    + "^_^l_k$_&xb`a$j`%u^j`^$l$k'_z`$nlya$af{b$hb{^$bak$g'{_gc$aa$aa$ee$qhi^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f"
                    + "%bc_^^$i^_`^_t^%eef$mp^_b$^`xb^%]$uaq_$o^_be^`^z_`agdfd%]$]$daif$s`z_xbwdaid%m%f$t$pj$pd$kegc$c`ze_)"
                    + "m|^$g^`__m`$t$ie$gsw$cyqtf%ka$af${^bjvdgc$r^oe$df&]^qho^$l${d^^^a^l^hc$xbgca^e___s^d^_^b^g___`_^c^bd"
                    + "_d`bhg^^_^^$c^g^^_^^a^g^_e_z%y^b{%eeg(c$s_$c$_%bhgcjp$wcgcqyx_lat(v$y&a%pie_^_e^_^{^__ifg%ce_$k_hx%e"
                    + "e%pj%fdg(s$_kgcf^$j^kgz`$]_s^k%fd^_^$i`^^_^fegcc^_^$b^_^cdg,svdn^$f`z%r^l$oj?x&c&l^bh)a%5i&`j$$mmsg&"
                    + "?xb5d)8v$w$9c4vd|^ga%n^gc{_cg%cgg^d^rbp0m$w)c%x&b%ha$vdn%]bh_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hb"
                    + "j`fdg_a&>]*wc0q%i$k_tf&q$y*sg$d_%ge&mr%c&wqiqi%tfv'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a_8{l"
                    + "b^l$%m|cc)rd^n_d^_^bb${$^^&m$j`k_ga_-]|n$wb^1m$g)s$ha^2]d^a^_^l^)b_m$f%iaga_;n%a%i$z)_a^x^_^^_^^g^a^"
                    + "^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n$q_+k$ia&ail_l^l^$bg(k$uzj$iafd_kc'wAuan`j`&ta%|c"
                    + "ia^lia$uegc$ee{_ia_${-qik_j`gb$udl_hcfd'p^&c$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]8:-m*m(B3m";
            default -> null;
        };
    }

    /** The ranges of the Script value {@code value}, or null if there is none. */
    static String script(String value) {
        return switch (value) {
            case "Zyyy", "Common" -> "]%^wcw$l^l^bt^|^1^$dbb_q&q^f^c^^^6z^c^k^`^$]^'y^3a^'^_$)v^/ra,_^$2l`%d_)h_^^$)j^j^da^c^`_^;bi_%t^h`h"
                    + "^ln$^$|$c^`_c^x^n$f`a7wshr@]+]6q_$]^&f3]%{/or^^^vleaa%x_`^%w_'pm$]$cf^$m%]|%n$l^%u(e)1]%]9+]$_&c`(bg"
                    + "*q^(]^/h^k_71o_)mgs$`^p^a'p^^$]wcwhg^$j_%]d^dgb+_`a$j`f%mj$p$j*ax$10aa&=y*wc0q'y&q$y*sg$d_${`ne_d{a$"
                    + "z)rqiqi%tfv'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a_$o(&n%a%i$z9_$ia&ail_l^l^$bg(k$uw^_j$iafd_"
                    + "kc'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik_j`gb$udl_hcfd'p^&c;$#d^{&]";
            case "Zinh", "Inherited", "Qaai" -> ";]&m+r_1ahw^:]a'-x|3^`^j^da^c^`_)c%]3i_)_$^&<va&h_$6.bmmkAl^*_^'%w^$1Aa$k_t4]`ne_d{a;.=o*m";
            case "Arab", "Arabic" -> "$3]b^c^k^`^$]^ghw^&i^$_%m$m*m|^_b%h^z$?5m&pm.h_%m_$sd^$]m&mb^'d&>`|%``$ta$:;]a^x^_^^_^^g^a^^^^c^a^^^"
                    + "^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n$q_";
            case "Armn", "Armenian" -> "$,n$c_$o_`$@/`b";
            case "Beng", "Bengali" -> "%/]a^e___s^d^^`a_f___ae^a_^b_v";
            case "Bopo", "Bopomofo" -> ":g_.3v$h&m$]";
            case "Cher", "Cherokee" -> "'@]%s_c$(>o%m";
            case "Copt", "Coptic", "Qaac" -> "B_k-'m&qbd";
            case "Cyrl", "Cyrillic" -> "$#]'b_(f(=mh(]^%i^'&d$]A%]&]8?k_$;3]${$^^";
            case "Dsrt", "Deseret" -> "%$#]%m";
            case "Deva", "Devanagari" -> "%+]%nal_w$*>]$]?3]g";
            case "Ethi", "Ethiopic" -> "'3]%f^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_$]`w)2ctfd^d^d^d^d^d^d^dB,_c_c_cfd^d%2(nd^a^_^l";
            case "Geor", "Georgian" -> "'(]$c^^b^_$h^a%?m$h_`'%]$c^^b^";
            case "Goth", "Gothic" -> "%#<mx";
            case "Grek", "Greek" -> ">ma^`_a^^a^^^^`^^^q^$|km),cb$obab%q^-]s_c_$c_c_e^^^^^^^|_$r^l^k_c^p_`^f,d^$%4{^81w%ln^$7%|%c";
            case "Gujr", "Gujarati" -> "%7^`^f^`^s^d^_^b_g^`^`_^la_idd";
            case "Guru", "Gurmukhi" -> "%3^`^ca__s^d^_^_^__^^ba__``^da^^dn";
            case "Hani", "Han" -> ".7]w^%vi)s$l^^^vfkaAa)1]%]73]9+].k_&g@+e_i_$'#k$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            case "Hang", "Hangul" -> "'+]+]*4k_+^%{&n|%^|@:^z7`-@aita$n,@a|`c_c_c_`";
            case "Hebr", "Hebrew" -> "$/n$texac$@,ew^b^^^_^_^g";
            case "Hira", "Hiragana" -> "/%^%sc`%B>^+|o^z`3(j^";
            case "Knda", "Kannada" -> "&']j^`^t^g^b_f^`^ad_c_^a_g^`";
            case "Kana", "Katakana" -> "/(^%w_`*mm)m$l^%u$6#kg^$j$/%oa^d^_^^+|`$o^ka";
            case "Khmr", "Khmer" -> "(?]%{_gcg2c$]";
            case "Laoo", "Lao" -> "&7^_^^^b^u^^^t_b^^^d^g_a";
            case "Latn", "Latin" -> "%^wcw$l^l^bt^|^1^$db)3x$cc$nbabj^%c%^+].n^j^mj'j_c^x^n$f%9t$]A8_&c`%`__^^^erk<m$h^f^a6?sd$#wwcw%$bc^"
                    + "$g^f$8=b|cc";
            case "Mlym", "Malayalam" -> "&+]j^`^$p^`^cam_w";
            case "Mong", "Mongolian" -> ")#]__^^qc%vd$h$B0rj";
            case "Mymr", "Myanmar" -> "'#](]$)-]|&^$]>%mq";
            case "Ogam", "Ogham" -> "(7]z";
            case "Ital", "Old_Italic" -> "%#;]$af`";
            case "Orya", "Oriya" -> "%;^`^e___s^d^_^b_f___`d`a_^b_o";
            case "Runr", "Runic" -> "(8]%h`h";
            case "Sinh", "Sinhala" -> "&/^`^o`u^f^^_d`^ac^^^ecg_`%#Biq";
            case "Syrc", "Syriac" -> "$;]k^$y_`+mh";
            case "Taml", "Tamil" -> "%?__^c``^a`_^^^_`_```iab``^a_^c^kr%'Ab$oj^";
            case "Telu", "Telugu" -> "&#]j^`^t^m_f^`^ad_^`_^_a_gdf";
            case "Thaa", "Thaana" -> "$?]$o";
            case "Thai" -> "&3^$wby";
            case "Tibt", "Tibetan" -> "&;]%e^$aa$d^$a^l^da_";
            case "Cans", "Canadian_Aboriginal" -> "(#]7]4m%c%#0wm";
            case "Yiii", "Yi" -> "$+#]$'j`$t";
            case "Tglg", "Tagalog" -> "(;]sf^";
            case "Hano", "Hanunoo" -> "(<]r";
            case "Buhd", "Buhid" -> "(=]q";
            case "Tagb", "Tagbanwa" -> "(>]j^`^_";
            case "Brai", "Braille" -> "-#]+]";
            case "Cprt", "Cypriot" -> "%%#]c_^^$i^_`^_^";
            case "Limb", "Limbu" -> ")+]|^iaia^`i";
            case "Linb", "Linear_B" -> "%##]i^w^p^_^l_k$_&x";
            case "Osma", "Osmanya" -> "%$']{_g";
            case "Shaw", "Shavian" -> "%$%m$m";
            case "Tale", "Tai_Le" -> ")-m{_b";
            case "Ugar", "Ugaritic" -> "%#?]{^^";
            case "Bugi", "Buginese" -> ")3]y__";
            case "Glag", "Glagolitic" -> ".#]&]&/@]d^n_d^_^b";
            case "Khar", "Kharoshthi" -> "%%3]a^_be^`^z_`agdf";
            case "Sylo", "Syloti_Nagri" -> "$-#]$j";
            case "Talu", "New_Tai_Lue" -> ")/]$iawch`_";
            case "Tfng", "Tifinagh" -> ".,m$ud_k^";
            case "Xpeo", "Old_Persian" -> "%#@]$aak";
            case "Bali", "Balinese" -> ");]%j^$o";
            case "Batk", "Batak" -> ")A]$qea";
            case "Brah", "Brahmi" -> "%'#]%ka$af^";
            case "Cham" -> "$-3]$tfk_g_a";
            case "Egyp", "Egyptian_Hieroglyphs" -> "%/#]$%sg&?x";
            case "Hmng", "Pahawh_Hmong" -> "%=;]%cgg^d^rbp";
            case "Hung", "Old_Hungarian" -> "%&']$pj$pdc";
            case "Java", "Javanese" -> "$-/]%k_ga_";
            case "Kali", "Kayah_Li" -> "$-+]$k^^";
            case "Lepc", "Lepcha" -> "*#]$u`l``";
            case "Lina", "Linear_A" -> "%$3],tfsge";
            case "Mand", "Mandaic" -> "%%]y_^";
            case "Mero", "Meroitic_Hieroglyphs" -> "%%/]$]";
            case "Nkoo", "Nko" -> "$A]$x_`";
            case "Orkh", "Old_Turkic" -> "%&#]%f";
            case "Perm", "Old_Permic" -> "%#=m$h";
            case "Phag", "Phags_Pa" -> "$-%]$u";
            case "Phnx", "Phoenician" -> "%%+]y`^";
            case "Plrd", "Miao" -> "%>;]%ha$vdn";
            case "Vaii", "Vai" -> "$,+],i";
            case "Xsux", "Cuneiform" -> "%+#]?w&c&l^bh)a";
            case "Zzzz", "Unknown" -> ">u_cad^^^q^/j^$c_$o_`^$texach+k^$y_&bk$x_$n_l^y_^^hb|^_b*j^e___s^d^^`a_f___ae^a_^b_v_`^ca__s^d^_^_^_"
                    + "_^^ba__``^da^^dng`^f^`^s^d^_^b_g^`^`_^la_idd^`^e___s^d^_^b_f___`d`a_^b_og_^c``^a`_^^^_`_```iab``^a_^"
                    + "c^krbj^`^t^m_f^`^ad_^`_^_a_gds^`^t^g^b_f^`^ad_c_^a_g^`ij^`^$p^`^cam_w^`^o`u^f^^_d`^ac^^^ecg_`i$waz$b"
                    + "_^^^b^u^^^t_b^^^d^g_a$]%e^$aa$d^$a^l^j$b)c^^b^_.v^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_$]`wc%s_c_7z`%vd"
                    + "sfufqij^`^_i%{_gcgcwc%vd$hb%cg|^iaia^`$g_bh$iawch`${_%^^z_hcgck_|$n%j^(ce$y`l`${b$h_he$hb3s_c_$c_c_e"
                    + "^^^^^^^|_$r^l^k_c^p_`^f^&b^i_x^j`$^l$^l'ia7wshr$;q_$]^-zb$j^^b^_$ud_kufd^d^d^d^d^d^d^d^&{$_w^%vi)sw%"
                    + "m^%s_&db$h^%{^%sf$m^?6j`$tf-yq(ue)k__^^^er$x`gc$ue%ceic&qh{`%k^ha$^^$tfk_g_&duygc_c_cfd^d^$ya&{_gc-@"
                    + "aita$n++a.k_&g$cdibbw^b^^^_^_^&zm0z_$sd^$]$gc$p^p^aab^'d_^^({`c_c_c_``d^dgb_i^w^p^_^l_k$_&xb`a$j`%u^"
                    + "j`^$l$k'_z`$nlya$af{b$hb{^$bak$g'{_gc$aa$aa$ee$qhi^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_t^%eef"
                    + "$mp^_b$^`xb^%]$uaq_$o^_be^`^z_`agdfd%]$]$daif$s`z_xbwdaid%m%f$t$pj$pd$kegc$c`ze_)m|^$g^`__m`$t$ie$gs"
                    + "w$cyqtf%ka$af%ag^_vdgc$r^oe$df&]^qho^$l${d^^^a^l^hc$xbgca^e___s^d^_^b^g___`_^c^bd_d`bhg^^_^^$c^g^^_^"
                    + "^a^g^_e_z%y^b{%eeg(c$s_$c$_%bhgcjp$wcgcqyx_lat(v$y&a%pie_^_e^_^{^__ifg%ce_$k_hx%ee%pj%fdg(s$_kgcf^$j"
                    + "^kgz`$]_s^k%fd^_^$i`^^_^fegcc^_^$b^_^cdg,svdn^$f`z%r^l$oj?x&c&l^bh)a%5i&`j$%sg&?xb5d)8v$w$9c4vd|^ga%"
                    + "n^gc{_cg%cgg^d^rbp0m$w)c%x&b%ha$vdn%]bh_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hbj`fdg_e&=y*wc0q%i$k_t"
                    + "f&q$y*sg$d_)_r%c&wqiqi%tfv'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a_8{lb^l$%m|cc)rd^n_d^_^bb${$"
                    + "^^&m$j`k_ga_-]|n$wb^1m$g)s$ha^2]d^a^_^l^)b_m$f%iaga_;n%a%i$z)_a^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^"
                    + "^^^^_^^_a^d^a^a^^^g^nb`^b^n$q_+k$ia&ail_l^l^$bg(k$uzj$iafd_kc'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qi"
                    + "k_j`gb$udl_hcfd'p^&c$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]8:%n^{&]']*m(B3m";
            case "Cari", "Carian" -> "%#8]$n";
            case "Lana", "Tai_Tham" -> ")4]$|^z_hcgck";
            case "Lyci", "Lycian" -> "%#7]z";
            case "Lydi", "Lydian" -> "%%,]wb^";
            case "Olck", "Ol_Chiki" -> "*%m$m";
            case "Rjng", "Rejang" -> "$-,m$ah^";
            case "Saur", "Saurashtra" -> "$-']%cei";
            case "Sgnw", "SignWriting" -> "&9#]7ilb^l";
            case "Sund", "Sundanese" -> ")?]%]+]e";
            case "Mtei", "Meetei_Mayek" -> "$-:]t)f$k_g";
            case "Armi", "Imperial_Aramaic" -> "%%%]s^f";
            case "Avst", "Avestan" -> "%%;]$s`d";
            case "Cakm", "Chakma" -> "%'+]$r^o";
            case "Kthi", "Kaithi" -> "%'']%`g^";
            case "Mani", "Manichaean" -> "%%9]$dai";
            case "Phli", "Inscriptional_Pahlavi" -> "%%>]pbe";
            case "Phlp", "Psalter_Pahlavi" -> "%%?]odaid";
            case "Prti", "Inscriptional_Parthian" -> "%%=]s_e";
            case "Samr", "Samaritan" -> "%#]$k_l";
            case "Tavt", "Tai_Viet" -> "$-7]%`ub";
            case "Bamu", "Bamum" -> "$,8]%u$3+e4v";
            case "Lisu" -> "$,)m$mA8m^";
            case "Sarb", "Old_South_Arabian" -> "%%6]$]";
            case "Bass", "Bassa_Vah" -> "%=9m{_c";
            case "Dupl", "Duployan" -> "&2#]&hbj`fdg_a";
            case "Elba", "Elbasan" -> "%$+]$e";
            case "Gran", "Grantha" -> "%';]a^e___s^d^_^b_f___`_^c^bd_d`b";
            case "Mend", "Mende_Kikakui" -> "&=#])b_m";
            case "Merc", "Meroitic_Cursive" -> "%%0]uaq_$k";
            case "Narb", "Old_North_Arabian" -> "%%7]$]";
            case "Nbat", "Nabataean" -> "%%']|ef";
            case "Palm", "Palmyrene" -> "%%&]$]";
            case "Sind", "Khudawadi" -> "%'8m$xbg";
            case "Wara", "Warang_Citi" -> "%)(]%pi^";
            case "Mroo", "Mro" -> "%=5]|^ga_";
            case "Nshu", "Nushu" -> "%>B^^3/k/i";
            case "Shrd", "Sharada" -> "%'/]&]";
            case "Sora", "Sora_Sompeng" -> "%')mvdg";
            case "Takr", "Takri" -> "%(7]$wcg";
            case "Tang", "Tangut" -> "%>B]^|(Bue;]3]f";
            case "Hluw", "Anatolian_Hieroglyphs" -> "%4#]5d";
            case "Khoj", "Khojki" -> "%'3]o^$l";
            case "Tirh", "Tirhuta" -> "%(']%eeg";
            case "Aghb", "Caucasian_Albanian" -> "%$,m$qh^";
            case "Mahj", "Mahajani" -> "%'-m$d";
            case "Ahom" -> "%(;]x_lat";
            case "Hatr", "Hatran" -> "%%*]p^_bb";
            case "Modi" -> "%(3]%bhg";
            case "Mult", "Multani" -> "%'7]d^^^a^l^h";
            case "Pauc", "Pau_Cin_Hau" -> "%)9]$v";
            case "Sidd", "Siddham" -> "%(/]$s_$c";
            case "Adlm", "Adlam" -> "&=+]%iaga_";
            case "Bhks", "Bhaiksuki" -> "%*#]f^$j^kgz";
            case "Marc", "Marchen" -> "%*&m$]_s^k";
            case "Newa" -> "%(#]%y^b";
            case "Osge", "Osage" -> "%$(m$aa$a";
            case "Gonm", "Masaram_Gondi" -> "%*+]d^_^$i`^^_^feg";
            case "Soyo", "Soyombo" -> "%)5m%p";
            case "Zanb", "Zanabazar_Square" -> "%)3]%e";
            case "Dogr", "Dogra" -> "%)#]$y";
            case "Gong", "Gunjala_Gondi" -> "%*.]c^_^$b^_^cdg";
            case "Maka", "Makasar" -> "%*:]v";
            case "Medf", "Medefaidrin" -> "%>5]%x";
            case "Rohg", "Hanifi_Rohingya" -> "%&+]$eeg";
            case "Sogd", "Sogdian" -> "%&<m$g";
            case "Sogo", "Old_Sogdian" -> "%&;]$e";
            case "Elym", "Elymaic" -> "%&B]t";
            case "Hmnp", "Nyiakeng_Puachue_Hmong" -> "&;+]$j`k_ga_";
            case "Nand", "Nandinagari" -> "%)0]e_$k_h";
            case "Wcho", "Wancho" -> "&;9]$wb^";
            case "Chrs", "Chorasmian" -> "%&@my";
            case "Diak", "Dives_Akuru" -> "%)+]d_^_e^_^{^__ifg";
            case "Kits", "Khitan_Small_Script" -> "%>Ba^);x1s$f^";
            case "Yezi", "Yezidi" -> "%&7]$g^`__";
            case "Cpmn", "Cypro_Minoan" -> "%.?m&`";
            case "Ougr", "Old_Uyghur" -> "%&>mw";
            case "Tnsa", "Tangsa" -> "%=6m%l^g";
            case "Toto" -> "&;7m|";
            case "Vith", "Vithkuqi" -> "%$.mh^l^d^_^h^l^d^_";
            case "Kawi" -> "%*;]n^$f`z";
            case "Nagm", "Nag_Mundari" -> "&<)m$g";
            case "Gara", "Garay" -> "%&-]$c`ze_";
            case "Gukh", "Gurung_Khema" -> "%;+]$w";
            case "Krai", "Kirat_Rai" -> "%>-]$w";
            case "Onao", "Ol_Onal" -> "&<1m$ha^";
            case "Sunu", "Sunuwar" -> "%)A]$_kg";
            case "Todr", "Todhri" -> "%$1]$q";
            case "Tutg", "Tulu_Tigalari" -> "%'?]g^^_^^$c^g^^_^^a^g^_e_";
            default -> null;
        };
    }

    /** The ranges of the Script_Extensions value {@code value}, or null if there is none. */
    static String scriptExtensions(String value) {
        return switch (value) {
            case "Zyyy", "Common" -> "]%^wcw$l^i^_^bt^|^1^`^g^^`^^f^^^cbb_q&{^c^^^6z^)t^3a^$-y^/ra'$di_$^^|^g^_^d^h`h^ln$^$|$c^`_c^x^n$f`a"
                    + "7wshr@]+]6q_$]^&f3]t^u_g^a^^^w0_^`^j^j^r^3nu|^$nlia(^gb&]|^)1]%]9+ew&c`Am^k_78agsr_i^p^a'p^^$]wcwc&|"
                    + "d^dgb/oj$p$j$53`*wc0q'y&q$y*sg$d_${`ne_d{a$z)rqiqi%txd'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a"
                    + "_$o(&n%a%i$z9_$ia&ail_l^l^$bg(k$uw^_j$iaftc'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik_j`gb$udl_hcfd'p^"
                    + "&c;$#d^{&]";
            case "Zinh", "Inherited", "Qaai" -> ";l^_^^i^_`d_^_m^_^o^b^a$2m_'-x|:p$s^^^b3i_)_$]$:+mmmkAl^$6+_$k_t4]`ne_d{a;.=o*m";
            case "Arab", "Arabic" -> "$3]b^)t^$_%m$m*m|^_b%h^z(=l^&2n^$6+k&pm0z_$sd^$]m&mb^'dB`y%>a|%``$ta$:;]a^x^_^^_^^g^a^^^^c^a^^^^^^`^"
                    + "_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n$q_";
            case "Armn", "Armenian" -> ";e^4e$c_$o_`$@/`b";
            case "Beng", "Bengali" -> "8y^$7q_n_wa^e___s^d^^`a_f___ae^a_^b_v'9n^^^__^^e^e^_^a^_`$%Bv^";
            case "Bopo", "Bopomofo" -> "9d^^`j^m_.+r`ag^jga_^c^)`^f$h&m$]$6'b_+wb";
            case "Cher", "Cherokee" -> ";]`^^c_s_h_'&k%s_c$(>o%m";
            case "Copt", "Coptic", "Qaac" -> "(t^5e^`_^^&i_&ik-'m&qbd+t^$8)ey";
            case "Cyrl", "Cyrillic" -> "8y^%``^^^^^^_^b^*k,m(=mh(]^%i^&|^&Bd$]%`^@By&]8?k_$;3]${$^^";
            case "Dsrt", "Deseret" -> script(value);
            case "Deva", "Devanagari" -> "8y^$5`%p_$h'=m$d^_Bs^$$<|g(c$]?3]g";
            case "Ethi", "Ethiopic" -> ";k^&:n%f^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_$]`w)2ctfd^d^d^d^d^d^d^dB,_c_c_cfd^d%2(nd^a^_^l";
            case "Geor", "Georgian" -> "(t^$)n^%;s$c^^b^_$m%?m$h_`?w^&(b$c^^b^+`^";
            case "Goth", "Gothic" -> "(t^5i__^$e^$BB{x";
            case "Grek", "Greek" -> "(t^5e__^^^^^g^$k^_^$ge_a^^a^^^^`^^^q^$|km),cb$obab%q`,{s_c_$c_c_e^^^^^^^|_$r^l^k_c^p_`^f%{^)e^$%4{^8"
                    + "1w%ln^$7%|%c";
            case "Gujr", "Gujarati" -> "%-n_n_+x`^f^`^s^d^_^b_g^`^`_^la_idd$*,mg";
            case "Guru", "Gurmukhi" -> "%-n_n_'x`^ca__s^d^_^_^__^^ba__``^da^^dn$*0vg";
            case "Hani", "Han" -> "(t^.1ew^%vi)swm^`^j^j^j_^cf(x^'qm$]$cf^$m$e$u$nli$p^%uvgb&]|^)1]%]73]$;]e72u.k_&g>h_+wb?&y_i_;>ko*9{"
                    + "_&0k$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            case "Hang", "Hangul" -> "'+]+]*3^`ag^jk`c^)`^$r%{&n|%^|@:^z7`-@aita$n,5f_+wb$w|`c_c_c_`";
            case "Hebr", "Hebrew" -> ";d_7e$texac$@,ew^b^^^_^_^g";
            case "Hira", "Hiragana" -> "/#^`ag^jmc^^a_`%s_e%w_$6-e_+wbg^$j_$/&^+|o^z`3(j^";
            case "Knda", "Kannada" -> "%-n_n_;wj^`^t^g^b_f^`^ad_c_^a_g^`&Ay^^_c^t^^^$%<xc";
            case "Kana", "Katakana" -> ";b^z^.)z`ag^jmc^^a_%xa`&]*mm)m$l^%u$5:j_+w$|$/%ma^d^_^^+|`$o^ka";
            case "Khmr", "Khmer" -> script(value);
            case "Laoo", "Lao" -> script(value);
            case "Latn", "Latin" -> "%^wcw$l^i^_^bt^|^1^`^g^^`^^f^^^cbxl^_^^i^_`d_^_$c^b^aj+r_$)g_$@e^&#a$cc$nbabj^%c$v^d+],l^%^^j^mj%p^$"
                    + "v_c^x^n$f%9t$]/t^A*eew&c`%`__^^^erk,k^3^$h^f^a6?sd$#wwcw%$bc^$g^f$8=b|cc";
            case "Mlym", "Malayalam" -> "%-n_n_?wj^`^$p^`^cam_w&=w^t^$%<z`";
            case "Mong", "Mongolian" -> ")#]wc%vd$h$?a^&An_ba$<5qj";
            case "Mymr", "Myanmar" -> "'#](]$)'k^(n|&^$]>%mq";
            case "Ogam", "Ogham" -> script(value);
            case "Ital", "Old_Italic" -> script(value);
            case "Orya", "Oriya" -> "%-n_n_/x`^e___s^d^_^b_f___`d`a_^b_o'._^t^";
            case "Runr", "Runic" -> "(8]%v";
            case "Sinh", "Sinhala" -> "%.a_$#x`^o`u^f^^_d`^ac^^^ecg_`&:z^$@*kq";
            case "Syrc", "Syriac" -> ";`___^^r^_`d_^^9x^k__^$]^ghw^'lk^$y_`+mh(/j^^^";
            case "Taml", "Tamil" -> "%-n_n_3y_^c``^a`_^^^_`_```iab``^a_^c^kr')|^$&#u^=3j^^^$t_&'`$oj^";
            case "Telu", "Telugu" -> "%-n_n_7wj^`^t^m_f^`^ad_^`_^_a_gdf'%w^t^";
            case "Thaa", "Thaana" -> "$3i^k__^%]g+s$o$@5]^g^";
            case "Thai" -> "8y^w^$h^$j^%9l$wby";
            case "Tibt", "Tibetan" -> "&;]%e^$aa$d^$a^l^da_+$ja";
            case "Cans", "Canadian_Aboriginal" -> script(value);
            case "Yiii", "Yi" -> "/#^_bg_e)|^>;a$'j`$t97wb";
            case "Tglg", "Tagalog" -> "(;]sf^r_";
            case "Hano", "Hanunoo" -> "(<]t";
            case "Buhd", "Buhid" -> "(<r_fq";
            case "Tagb", "Tagbanwa" -> "(<r_$fj^`^_";
            case "Brai", "Braille" -> script(value);
            case "Cprt", "Cypriot" -> "%#+]`a$j`f$9]c_^^$i^_`^_^";
            case "Limb", "Limbu" -> "%.b^&?w|^iaia^`i";
            case "Linb", "Linear_B" -> "%##]i^w^p^_^l_k$_&xb`a$j`f";
            case "Osma", "Osmanya" -> script(value);
            case "Shaw", "Shavian" -> "(t^%#?u$m";
            case "Tale", "Tai_Le" -> ";]_b_`^&,pg%+c{_b";
            case "Ugar", "Ugaritic" -> script(value);
            case "Bugi", "Buginese" -> ")3]y__$&@l^";
            case "Glag", "Glagolitic" -> "(t^5h^^^.{^_^+^^%>n^&={^%@b&]2`^A$h^%1/md^n_d^_^b";
            case "Khar", "Kharoshthi" -> script(value);
            case "Sylo", "Syloti_Nagri" -> "%.a_']g$*3m$j";
            case "Talu", "New_Tai_Lue" -> script(value);
            case "Tfng", "Tifinagh" -> ";_^^^_^^^-4c$ud_k^";
            case "Xpeo", "Old_Persian" -> script(value);
            case "Bali", "Balinese" -> script(value);
            case "Batk", "Batak" -> script(value);
            case "Brah", "Brahmi" -> script(value);
            case "Cham" -> script(value);
            case "Egyp", "Egyptian_Hieroglyphs" -> script(value);
            case "Hmng", "Pahawh_Hmong" -> script(value);
            case "Hung", "Old_Hungarian" -> "+%w^_^&1p^l^$:4{$pj$pdc";
            case "Java", "Javanese" -> "$-/]%k^ha_";
            case "Kali", "Kayah_Li" -> "$-+]$m";
            case "Lepc", "Lepcha" -> script(value);
            case "Lina", "Linear_A" -> "%#+d$j$)i,tfsge";
            case "Mand", "Mandaic" -> "$5]^2|y_^";
            case "Mero", "Meroitic_Hieroglyphs" -> "+%z^$=,_$]";
            case "Nkoo", "Nko" -> "$3i^k^`^0]$x_`$@,{_";
            case "Orkh", "Old_Turkic" -> "+%w^&1r^$:1l%f";
            case "Perm", "Old_Permic" -> "(t^5e^b`g^.l^$B9i$h";
            case "Phag", "Phags_Pa" -> ")#__^^%$f^&Ao^A$z$u";
            case "Phnx", "Phoenician" -> script(value);
            case "Plrd", "Miao" -> script(value);
            case "Vaii", "Vai" -> script(value);
            case "Xsux", "Cuneiform" -> script(value);
            case "Zzzz", "Unknown" -> script(value);
            case "Cari", "Carian" -> "(t^*@_^_^&1p^$8&k$n";
            case "Lana", "Tai_Tham" -> script(value);
            case "Lyci", "Lycian" -> "+%w^$;4bz";
            case "Lydi", "Lydian" -> "(t^..v^$9:kwb^";
            case "Olck", "Ol_Chiki" -> script(value);
            case "Rjng", "Rejang" -> script(value);
            case "Saur", "Saurashtra" -> script(value);
            case "Sgnw", "SignWriting" -> script(value);
            case "Sund", "Sundanese" -> script(value);
            case "Mtei", "Meetei_Mayek" -> script(value);
            case "Armi", "Imperial_Aramaic" -> script(value);
            case "Avst", "Avestan" -> "(t^..u_$:)k$s`d";
            case "Cakm", "Chakma" -> "%2cg$5mg%#(s$r^o";
            case "Kthi", "Kaithi" -> "%.cg,)^^A2{g=%c%`g^";
            case "Mani", "Manichaean" -> "$5]^%$&|$dai";
            case "Phli", "Inscriptional_Pahlavi" -> script(value);
            case "Phlp", "Psalter_Pahlavi" -> "$5]^%$,|odaid";
            case "Prti", "Inscriptional_Parthian" -> script(value);
            case "Samr", "Samaritan" -> "%#]$k_l,2o^";
            case "Tavt", "Tai_Viet" -> script(value);
            case "Bamu", "Bamum" -> script(value);
            case "Lisu" -> "8y^m^.,y_@)a$mA8m^";
            case "Sarb", "Old_South_Arabian" -> script(value);
            case "Bass", "Bassa_Vah" -> script(value);
            case "Dupl", "Duployan" -> "(t^5l_^^u_-;t^&&1`&hbj`fdg_e";
            case "Elba", "Elbasan" -> "(t^5j^%#2w$e";
            case "Gran", "Grantha" -> "%-n_n_7]k')y^^_{``_Bs^$?3la^e___s^d^_^b^g___`_^c^bd_d`b&%x_^^";
            case "Mend", "Mende_Kikakui" -> script(value);
            case "Merc", "Meroitic_Cursive" -> script(value);
            case "Narb", "Old_North_Arabian" -> script(value);
            case "Nbat", "Nabataean" -> script(value);
            case "Palm", "Palmyrene" -> script(value);
            case "Sind", "Khudawadi" -> "%.a_$*9gg=6s$xbg";
            case "Wara", "Warang_Citi" -> script(value);
            case "Mroo", "Mro" -> script(value);
            case "Nshu", "Nushu" -> script(value);
            case "Shrd", "Sharada" -> "%-n^'?b^^^___^$%=lc_^=-d&]";
            case "Sora", "Sora_Sompeng" -> script(value);
            case "Takr", "Takri" -> "%.a_$*9gg>5c$wcg";
            case "Tang", "Tangut" -> ".Bmm2l^%22m^|(Bue;]3]f";
            case "Hluw", "Anatolian_Hieroglyphs" -> script(value);
            case "Khoj", "Khojki" -> "%:cg$*-]g=1co^$l";
            case "Tirh", "Tirhuta" -> "%-n_n_'?i^$%<zg>%c%eeg";
            case "Aghb", "Caucasian_Albanian" -> ";a^$i^$i^%#1n$qh^";
            case "Mahj", "Mahajani" -> "(t^%(ii$*9]g=+s$d";
            case "Ahom" -> script(value);
            case "Hatr", "Hatran" -> script(value);
            case "Modi" -> "$-$mg>1c%bhg";
            case "Mult", "Multani" -> "%6cg%%#md^^^a^l^h";
            case "Pauc", "Pau_Cin_Hau" -> script(value);
            case "Sidd", "Siddham" -> script(value);
            case "Adlm", "Adlam" -> "$3|^$]^)3k^&2n^&18{%iaga_";
            case "Bhks", "Bhaiksuki" -> script(value);
            case "Marc", "Marchen" -> script(value);
            case "Newa" -> script(value);
            case "Osge", "Osage" -> ";^^_^c^%i^%#-t$aa$a";
            case "Gonm", "Masaram_Gondi" -> "%.a_%'?wd^_^$i`^^_^feg";
            case "Soyo", "Soyombo" -> script(value);
            case "Zanb", "Zanabazar_Square" -> script(value);
            case "Dogr", "Dogra" -> "%.ai$*9]g>Ac$y";
            case "Gong", "Gunjala_Gondi" -> "(t^%(i_%'Bwc^_^$b^_^cdg";
            case "Maka", "Makasar" -> script(value);
            case "Medf", "Medefaidrin" -> script(value);
            case "Rohg", "Hanifi_Rohingya" -> "$3i^k^`^$]^'p^%$4h$eeg";
            case "Sogd", "Sogdian" -> "$5]^%%*l$g";
            case "Sogo", "Old_Sogdian" -> script(value);
            case "Elym", "Elymaic" -> script(value);
            case "Hmnp", "Nyiakeng_Puachue_Hmong" -> script(value);
            case "Nand", "Nandinagari" -> "%.a_?]g&Bv^e^d^$%<rc?.ge_$k_h";
            case "Wcho", "Wancho" -> script(value);
            case "Chrs", "Chorasmian" -> script(value);
            case "Diak", "Dives_Akuru" -> script(value);
            case "Kits", "Khitan_Small_Script" -> script(value);
            case "Yezi", "Yezidi" -> "$3i^k^`^%]g%%#s$g^`__";
            case "Cpmn", "Cypro_Minoan" -> "%#+]_.7k&`";
            case "Ougr", "Old_Uyghur" -> "$5]^%$(n^$&zw";
            case "Tnsa", "Tangsa" -> script(value);
            case "Toto" -> "8y^&:Ap|";
            case "Vith", "Vithkuqi" -> script(value);
            case "Kawi" -> script(value);
            case "Nagm", "Nag_Mundari" -> script(value);
            case "Gara", "Garay" -> "$3i^k^`^%$<]$c`ze_";
            case "Gukh", "Gurung_Khema" -> "%.b^%8?w$w";
            case "Krai", "Kirat_Rai" -> script(value);
            case "Onao", "Ol_Onal" -> "%.a_&:&g$ha^";
            case "Sunu", "Sunuwar" -> ";]_^^f^_^y^`^%)'k$_kg";
            case "Todr", "Todhri" -> ";^^_^_^f^^^%g^%#6^$q";
            case "Tutg", "Tulu_Tigalari" -> "&*cg'#_^^^$%<xc(x^=7kg^^_^^$c^g^^_^^a^g^_e_";
            default -> null;
        };
    }

    /** The ranges of the binary property value {@code value}, or null if there is none. */
    static String binary(String value) {
        return switch (value) {
            case "AHex", "ASCII_Hex_Digit" -> "$mgdcwc";
            case "Alpha", "Alphabetic" -> "%^wcw$l^g^a^bt^|^1gaikbd^^^%s^zo^__a^^c^^`^^^q^%p^'he(c^$c_^c$f$dk^^^_^_^^exaazhb$u^dk&c^eaea`g`_^m$"
                    + "mj&bu$^f_a^bu_ppvdhbu^ce^e$ggi`dc%i^m^`aljp^e___s^d^^`a`e____^^e^a_^bi_g^a`^ca__s^d^_^_^_aba___a^da^"
                    + "^nch`^f^`^s^d^_^b`f^`^_`^laraa`^e___s^d^_^b`e____f_a_^bj^m_^c``^a`_^^^_`_```iab``^``^c^$ej^`^t^m`e^`"
                    + "^`e_^`_^_aya^e^`^t^g^b`e^`^`e_c_^aj`ij^`^$f_e^`^`^^badbsc^`^o`u^f^^_dec^^^eo_j$wbdc^$p_^^^b^u^^^p^`_"
                    + "b^^c^ka$]^$|e^$aapam^$a%`$t^^_bm%]ga_$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`$bmm%s_c`6i_n^wb%"
                    + "h`hdqhriqij^`^_i$q_pk^a^%`%vd$hb%cg|^iaft{_bh$iaw$sya$|_q$o^t_h`$n$q^l^e$p$g_ag$i^hk$ts`g$a_hb$h_`$f"
                    + "a^c^_`^b)]p$_h+s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d&q^j^mj&b^a^_g^^`bc^^^^^^a^h_abba^n$f<j$q$;s*b"
                    + "ca`_i$c^^b^_$ud^mtfd^d^d^d^d^d^d^d^$]$l^1r`vfdb_ba%sc`^%w^ab$h^%{n$]$mm3])1]%]87j%`$k_+j`mg_q$lbe`&n"
                    + "$df_&d_%`__^^^erq^$^u$qi%a^^$ic`^^`g$^b$`jz`$p^il^mmgb^$tfkot`%b^^^^u`_m_ahc_c_cfd^d^$h^kc&xr-@aita$"
                    + "n++a.k_&g$cdibbi^j^b^^^_^_^&i$^.ho%]_$s$ei&qb^'d$awcwh%v`c_c_c_`$`i^w^p^_^l_k$_&x%b$r+hz`$n$l$]j{b$h"
                    + "b{_$aae^b$g'{o$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tgtf|%^p^_gsgw%c$uc_%]a^_be^`"
                    + "^z$gz`z$`e^yx$sgsgpjo&k%f$t$pj$pj$e$_y`^bt*w$g^_`_m`$t^`zg^es$go$krxtf%c$hbg$vf^jvt$pnae$``^f%]^af_g"
                    + "^^^$`o^$__^ca${d^^^a^l^gd$vta^e___s^d^_^b`e____`^c^bdyg^^_^^$c^g^^_^^a^_`^^^$i%_^`^aq`{%___^^(u$s_dv"
                    + "c$_$|^^`^$x$s_^%dx_krd(v$v&d%]|e_^_e^_^{^____a%ze_$k_c^^^_x$p_gn%eb^o%f)d$^|f^$j^d^^$n{_s^k%fd^_^$i`"
                    + "^^_^`^^__uc^_^$b^_^a^^-dtfn^$f``&l^%l?w&c&ln)a%5i&^l$$mncv&?xb5d)8v$l$9n4vd|n%ln{o$mma|rbp0m$j)p%]']"
                    + "%ha$vdn%]_^^i_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hbj`fdga^(>^%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`"
                    + "d^-q_v^v^|^v^|^v^|^v^|^v^e$<q|cc)rd^n_d^_^bb${$^^&m$jgdm^-^{o$i2ay*a{_^2ld^a^_^l^)b$x%a`^`^$(qa^x^_^"
                    + "^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n6qwcwcw&6s$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_"
                    + "'=hb'&]";
            case "Bidi_C", "Bidi_Control" -> "$3y^)2n_wb$ta";
            case "Bidi_M", "Bidi_Mirrored" -> "$e_o^^^y^^^z^^^$j^l^&6{a$=z_%/y_g_$s_k_(n^)]a`c`^`_`a^a^^^^afb^^obaf_^^^e^$]_ab^f__pb_fb__au_meaq_d_"
                    + "$$zk%g^_a^_^`bab``k/ps_c^ke^dc`^ab^__ba^^`__gc__ip^a_^^^_^^ab_c`u_h_aa^___a$h_e^$eb^^^`bb`a^`b^^+]^3"
                    + "`a`_^_k__g$he0hg_e$64zcb_(__o^^^y^^^z^^^^_^_$8>t^$v^$v^$v^$v^";
            case "CI", "Case_Ignorable" -> "$d^c^h^$`^^^%d^a^^^a^__2t)]a_a^f_^^*xd)l^b^$n$j^^^_^_^^$i^hcgh^^$`^grm^&be^g^a$^^^^{x%xh$wha^_^uu$h`"
                    + "$i^d_bf$f$w$t^^^aea^`dg_j^l^$w^aae^q_w^__$v^a_a__``^{_`^h_$v^ab^_a^q_sc^^$w^_^^ae^d_h_{^$z^i^$o^`^$t"
                    + "^^`b`^ad_h_z^$w^_^c^b_q_y_$v_aae^q_z^%e^d`^^%w^_dhf&_^_ff^^d%f_x^^^^^$tk^b^_bh^$af^&ca^c^___v_a`maj^"
                    + "__c^l^%{^6]`@o`z_{_{_%]_^de^_h`^b^$jb$p^%^_$_^&s`a_f^c`)x__^$w^^d^^^^_ecg_^$d^e|$na$m^^b^^b^$efi_$]a"
                    + "__^`$u^^_`^^`$we__%]c%o`^j^da^c^`_$o$|j^$_&b0z^^`h`j`j`j_ibe_g^_^_b$nb^g^^j^mj$p$^%?h_&n`&z^l^&]$]$l"
                    + "^1r^$aa`bb^%zc%z`>;s^$*_c+k^&_a^g^^ya%m_k$_%k^t`&d``_e^`^a^v_b^'t_woj^$cevh$k`$m^_a__n^r_%_c____i^e^"
                    + "$`^h^$p^^`__b_^^x^k_b_^^&abf`&v^_^a^6<m^'pn4zm`^im$_^_^(f^d^c^h^$`^^^$l^$j_%`^r`3^^*_^'rb$#bc^$g^f5c"
                    + "`^_ba$e`a^(b_4za$c^wb^^,x_%la%ch$na&x^$sl$f^__g`$na___^a^g^$o`$ab^e${^i_$qfga_^%|`_^^_c^_^'z^`er_$v_"
                    + "`^$bd`b%ccj^^^^^k_%re_`^^t^%qc^^a_^_*kac_^_x_%re_^^_&g^^^_c^^&b^^^_a^b+`f^_+]_^^a^'ma__a^$]g$ec_ae^f"
                    + "c_`$kj^_/sd^c^^%os_d^_^_&wc`^^_^d^^%e_`^^^-x_h_$qbb^^^t^()rncl.)ei``%1]b$xdfa2y`$e_2_^$|n%]_^_3#ha^d"
                    + "^_&'{_^a'5y$k_t4]`fm_d{a'q`$@x$ta$oe^k^sb^l$-md^n_d^_^bb${$^^(]k.m^$za2xb*{_:]d&je%8lb;&#^^{&]']*m";
            case "Cased" -> "%^wcw$l^g^a^bt^|^)`^aa)m^$ad_{b&]^$ga___a^^c^^`^^^q^%p^'he(c^$cf$f%;t$c^^b^_$h^a8]%s_c%'_hb$h_`%])]%"
                    + "]+s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d&q^j^mj&b^a^_g^^`bc^^^^^^a^ca^_abba^n$]`_<n$q$;s*bca`_i$c^^"
                    + "b^A+o$ko{'a&c`a^${__^^^erb^`<r$h^kc%m6=]dib$#fwcw$(b%m&]$aa$a&qh^l^d^_^h^l^d^_1`^_`^$g^f$)b$pj$p%zsg"
                    + "s%;w%]8.]%]</]%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e$<qg^qcc+b${%'o%a$Biwcw"
                    + "cw";
            case "CWCF", "Changes_When_Casefolded" -> "%^w%w^gt^e$]^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^_`^d_^_^_^^^^^^^^^^^^^^^^_^^"
                    + "^^^^^^^^^^^^^^^__^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^*s^$g"
                    + "^^^`^e^c^^`^^^_^n^fs^i``_^^^^^^^^^^^^^^^^^^^^^^^^^___^^^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_$c$m^%;u$c^^b^<gc%'_gc$h_`-]^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^b__^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^feecgeeeech^^^^^^^eem$m_`_cb`_chaibb`_c,f^`_c^$jmp^<ow$<m$m$m^^"
                    + "`_^^^^^^a^^_^e`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^e^^^a^A-j^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^'d^^^"
                    + "^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^^_^^^^^^^^a^^^_^^^`^^^^^"
                    + "^^^^^^^^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_`^b^^^^^^^u^>w%m6=]dib$#fw$)b$e'e$a'yh^l^d^_$:g$p'zs%<w$]8/]$]"
                    + "A8]$_";
            case "CWCM", "Changes_When_Casemapped" -> "%^wcw$w^gt^|^%]^%q^y_k__^^a%z^ocx^_^^^_`_^a^b_^^__^d^_^^_`cb^g_(c^$ga__``^^c^^`^^^q^$l`$^^b^'be(c^$c"
                    + "g$d%;u$c^^b^_$h_`8]%s_c%'_hb$h_`(v^`^m^&n'y_^^&s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d,f^`_c^x^n$]`_"
                    + "<n$q$;s&n^_^_d&cda`_i$c^^b^A+o$koy'ck_${fl``_b^v^{__adu_=y^y%m6=]dib$#fwcw$(b%m&]$aa$a&qh^l^d^_^h^l^"
                    + "d^_$9`$pj$p%zsgs%;w%]8.]%]A7]%a";
            case "CWL", "Changes_When_Lowercased" -> "%^w&bt^d$^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^_`^d_^_^_^^^^^^^^^^^^^^^^_^^^^^^"
                    + "^^^^^^^^^^^__^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^,^^^^`^e^"
                    + "c^^`^^^_^n^f$`^e^^^^^^^^^^^^^^^^^^^^^^^b^_^^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_$c%=f$c^^b^9o%s%'p^c$h_`-]^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^feecgeeeech^^^^^^^eeueeeeeebhbhaibhb,f^`_c^$jmp^<ow$<m$m$m^^`_^^^^^^a^^_^e`^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^e^^^a^"
                    + "A-j^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^'d^^^^^^^^^^^^^`^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^^_^^^^^^^^a^^^_^^^`^^^^^^^^^^^^^^^^^^^^b^b^"
                    + "^^^^^^^^^^^^^^a^^^_`^b^^^^^^^u^8<hw$)b$e'e$a'yh^l^d^_$:g$p'zs%<w$]8/]$]A8]$_";
            case "CWKCF", "Changes_When_NFKC_Casefolded" -> "%^w%b^d^^^_^^^_a_`^`^t^e$]^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^`^^_^^^^^^`^^^^^^^_^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^_`^dg^^^^^^^^^^^^^"
                    + "^_^^^^^^^^^^^^^^^^^_a^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^&^f"
                    + "|c_b%x_^`f^$]^^^^^^^`^`_ad^^^_^n^fs^ie^^^^^^^^^^^^^^^^^^^^^^^^^`^_^^^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_$c$m^'q^%ua9|e&y_^^%p^_^$_`"
                    + "_^*z_9r^&|^$e_$k^$s^f^a^a^a^i^f^^bd^n^f^a^a^a^i^*c$c^^b^$k^&__7tc@s_%rb$&mgc$h_`&i`^h^o^yj^$_$b%]^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^b__^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^feecgeeeech^^^^^^^ee^^^^^^^^^^^^^^_$m_`_k_f`^aa^``^ae_"
                    + "`_e^m^^b^i``c`_^_a^^^e`j^dp_x^jh^%ta^`^h^__b_`^^^^^^^a^h^cabc$m`^b^(__^_*u_,r'h$,^^&d`&b^,`$m$m^^`_^"
                    + "^^^^^a^^_^cb^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^e^^^a^&y^,l^%p^i)s$g^$r^^`&]__^%|^$n%{`k&]|^$ee$l^/]?5]^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^^_'a^^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^e^^^^_^^^^^^^^a^^^_^^^`^^^^^^^^^^^^^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_`^b^^^^^^^ra__>"
                    + "_af^c%m6-]+k_^^^_g^^^^__`%a_&g$cdibb^^u^b^^^_^_^&i$^.ho%]_$s$ej`wsr_i^p^aa`^^^'d_^^({`c_c_c_``d^d^f$"
                    + "#d$e'e$a'yh^l^d^_2hb^$g^f$)b$p'zs%<w$]8/]$]65]a'$o$a$&adke%]c4|%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`"
                    + "d^-q_,a_$o%$m${%'o$_$){a^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n5ahb|^$]w`$`"
                    + "^&l`j$iafd_%/{g$B#c3{9$2_'#]";
            case "CWT", "Changes_When_Titlecased" -> "&^w$w^$fu^e^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`^b^_^``_^_^^^^^_^a^_^`^^^_^`^^^a^^_^_^^^^^^^^^^^^^^^^^_^^^"
                    + "^^^^^^^^^^^^^^`^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^e^__^^a^^^^^^^^c^_^^^_`"
                    + "_^a^b_^^__^d^_^^_`cb^g_(c^$h^^^`^``o^x$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^^_^_^$q$m^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^$n$d&6mc%'_f^^*k^`^m^&o^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^db^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^fecgeeeecgeeeek_eeeeeeb^_c^``^_ea__eeg`^_-s^$^ma^=hw$=c$m"
                    + "^^`_^^^^^^c^_^g^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^e^^^a^i$c^^b^A+p^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^'d^^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^_^^^^^^^^^a^a^^_"
                    + "_^^^^^^^^^^^^^^^^^^^h^^^^^^^^^^^^^^^a^^^_^`^b^^^^^w^=y^y%m6=]dib$$fw$)j$e'e$a'xh^l^d^_$;`$p&zs%<w$]8"
                    + "/]$]A8_$_";
            case "CWU", "Changes_When_Uppercased" -> "&^w$w^$fu^e^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`^b^_^``_^_^^^^^_^a^_^`^^^_^`^^^b_^_^_^^^^^^^^^^^^^^^_^^^^^"
                    + "^^^^^^^^^^^^_^_^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^e^__^^a^^^^^^^^c^_^^^_`_^"
                    + "a^b_^^__^d^_^^_`cb^g_(c^$h^^^`^``o^x$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^^_^_^$q$m^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^$n$d%=e$h_`:uc%'_f^^*k^`^m"
                    + "^&o^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^db^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^fecgeeeecgeeeek_$r^_a^^^``^_a^`a__eeg`^_a^-n^$^ma^=hw"
                    + "$=c$m^^`_^^^^^^c^_^g^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^e^^^a^i$c^^b^A+p^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^'d^^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^_^^^^^^^^^a"
                    + "^a^^__^^^^^^^^^^^^^^^^^^^h^^^^^^^^^^^^^^^a^^^_^`^b^^^^^w^=y^y%m6=]dib$$fw$)j$e'e$a'xh^l^d^_$;`$p&zs%"
                    + "<w$]8/]$]A8_$_";
            case "Dash" -> "$j^$-y^$p^&5^^$#b^%#fc$z^$d^l^/c^&#a^_^|_a^y^0{^p^&l^$6/m_$b^g^(f^&6]^,{^";
            case "DI", "Default_Ignorable_Code_Point" -> "(j^8^^9i^%=__$5p_%rb$Bxbwb$nm'*q^$6'xm*l^(]^%lf$2(da()le;.7b'#]";
            case "Dep", "Deprecated" -> "-f^$,f^%+`^^^%$f_%)bc8v_>:)s^";
            case "Dia", "Diacritic" -> "%{^^^%d^c^a^__2t'|^ebcn_a^f_*zb)n^$tn^x^^^_^^'cea_'c_a_``%`x%xh$wh$__&{e$fgmy$z^m^`ay^%g^m^&k^m^&k^m"
                    + "^$l`$y^m^d^&t^&k^m^&k^m^&j_m^&y^&l^ic^^&h^jb%h_x^^^^^a_%_`^_${^&m^^_$e_abvd^^g_9^`@q_{^'qhf^-x`,a^qe"
                    + "_^$ml_h&e^l^$cf$s_$w^h_%__%]c%ova^c^_`$o$|%vi$bh0z^^`h`j`j`j_&*m`,z^2wc&fa%|^@.o^i_^^y_%o_k$_&c`&j_i"
                    + "^$b^'t^xo$va$a^%|^i^$a^'r`%^a$p^&abf`']_6<m^;^m+k^^^$l^$j_%`^:y^$'|c^$g^f6z`a^(b_4xc$c^wb/l`%ch$na)]"
                    + "^$f^%e_&u_${^%i^f`&e_(o_%m_m^ud`b%v`^_j_%|^`^&x_*x_&{^&s_&p^+j_+__a^'y^%p^o^%n^0b^+_^^_%n^0f_t^(*il."
                    + ")v^%1]b$xd4q_4_n%m_2B{a^d^_*;^$k_t4]``cee_d{a&7_${)_d.t^$za:{_:]d&j`^`";
            case "Emoji" -> "$`^c^bg&l^a^*?j^i^)u^s^%wcl_.l_i^(c^vha`)d^*d_g^f^$wa^bf^_^___^a^_^^__^`^`_e`b^^^bih__^^_^^o^__oc^^^"
                    + "_`_b^__a_h_b__^b_^^^_q_bc^a_^a^_^_c^^_^^^^^c^`^c^g_l^_^a^^^a`^^h_$m`f^k^k^.q_1l`p_$p^a^$)w^i^5v^^^&2"
                    + ".g^)g^(]_i_k^_g%hw^_t^q^_fr_(k$__&m__^`_%p_`^+d^$|hc^ud__ei^_a_^a_j__^e_f^b`i`e`_^^^a^c^`^c%s$m%cbe_"
                    + "`ag`^^_`^_g*`ia^+x$l^g^(v&mj`gb$udl_hcf";
            case "EComp", "Emoji_Component" -> "$`^c^bg*Ap^)r^$:,h^$?Asw2xb$0ma;$6i&]";
            case "EMod", "Emoji_Modifier" -> "&?Bxb";
            case "EBase", "Emoji_Modifier_Base" -> ",3z^)x^ma&6&t^$y`_^_`&r__hrp`^a`^`d^^^u^)f_a^r^a_(k``b%p^m`f^h^4|^_^eec^fg_`$u^$z_^_^^n`^j*b`$gf";
            case "EPres", "Emoji_Presentation" -> "+;w_)ja`^_^3f_r_$oi$h^p^j^e_n_b_e^b^r^d_^^a^_^d^a_y^$`^^^a`^^$z`u^k^=x_$p^a^&4(k^)g^({^_g%hw^^u^q^_b"
                    + "^`r_(k$^if^%c^si$habin`^`%d^^^(x_$|ja^uo^w_j^%s%r$m%cc^``_`aah_df*`ia^+x$l^g^(v&mj`gb$udl_hcf";
            case "ExtPict", "Extended_Pictographic" -> "(f^a^*?j^i^)u^s^%wcl_.l_i^%|^%c^vha`)d^*d_g^f^$wa^c^i^&og&s_h^^^^c^`^c^g_l^_^a^^^a`^^hb$j`f^k^k^.q_1"
                    + "l`p_$p^a^$)w^i^5v^^^&2.c+]j`|^$yci_k^_go$vxlg^q^_f^af0ob,{e+g$m']&qi%r$hia$uegc$ee{%oi$l^g^0v+]B{";
            case "Ext", "Extender" -> "(t^3u_>k^0v^6s^'f^%v^:m^&|^%-`^$u^6`^/k^%a^'?f^$hb&d_%z`>;s^$2s^A_^s^'f^&i^r_8&x^%#m_$1h^x^a^$)d^,b^"
                    + "&q_2o`$)l^7(f_$'y_^^?-u_$(n^=q`";
            case "Gr_Base", "Grapheme_Base" -> "$]%|$^j^5o&me_cad^^^q^*]d(c^$c_$o_`$k^^^_^_^fxacngh^^$krm^&be^c__^a$]_^^{z%vh^k$hfd`ua^f^`^dl^vb^^hb"
                    + "|n$g$v$t^^^aea^`dg_z^_^e___s^d^^`a`^^_c___^^j_^`aub^^ca__s^d^_^_^_a`ua^^dg_`^^i^^f^`^s^d^_^b`ae^^_`^"
                    + "l_aid^e_^e___s^d^_^b`^_^c___l_^`aoh^^c``^a`_^^^_`_```ib^^_``^``^rrc`^e^`^t^m`^`ap`_^__agdg^h^`^t^g^b"
                    + "`__^^_u_^_ag^`kh^`^$f_^^_b`^`^_a`^gaw__^o`u^f^^_df_cddg_`i$m^_heej$b_^^^b^u^^^g^_f^_b^^fg_a$]u_x^^^^"
                    + "^k^$ao^b^_b$ne^c^j$b$ja^c^___v_a`maj^__c^l^$e^^b^_.v^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`bz`wc%s_c_7z`%"
                    + "vdojp`_fokj^`l$q_^de^_hf`gcgchbgc%vdb_$_^^b%cg|aa_`a_^cd^`$g_bh$iawch`$v__`$u^^f^^_ecjgcgck%s$mga`e^"
                    + "zfi_$]a_c$u^^_`^^j$me_bl`${b$h_hh^j^da^c^`_^b)]%]+s_c_$c_c_e^^^^^^^|_$r^l^k_c^p_`^f^hbud$nm__x^j`$^$"
                    + "|'ia7wshr$;q_$]^-u`_b$j^^b^_$ud_ltfd^d^d^d^d^d^d^d$^%{$_w^%vi)sw$wcm^%sa&bb$h^%{^%sf$m^?6j`$tf-yq$la"
                    + "^g$]_%m_ce)k__^^^erm^`^a^v_bagc$ue%agiuj^$cevh^i{c$m^_a___^j^had^v^$fc___h`^e^^_g_$]^$p^^`__b_^^^un_"
                    + "ehc_c_cfd^d^$ya&r^_^a`gc-@aita$n++a.k_&g$cdibb^^u^b^^^_^_^&zm0z_$sd^$]mmgs$`^p^aab^'da'z_|`c_c_c_``d"
                    + "^dj__i^w^p^_^l_k$_&xb`a$j`%u^j`^$l$j'`z`$nmxa$af{b$cg{^$bak$g'{_gc$aa$aa$ee$qhi^l^d^_^h^l^d^_`$qi,tf"
                    + "sgeuc^$g^f%bc_^^$i^_`^_t^%eef$mp^_b$^`xb^%]$uaq_$lla^`^zgfdfd%]$]$bcif$s`z_xbwdaid%m%f$t$pj$pd$gigc$"
                    + "ceue_)m|^$g`^__m`$x$eeshfsoaa$cyqtf^^$slda{^__^i$na___^akvdgf$ab^foe$`^`h$qf^^ea_^m^qho^y`_ac^_$|d^^"
                    + "^a^l^hc$l^`jge_^e___s^d^_^b`^^^^a____`^idyg^^_^^$c^^^_l^^_`^^`^_$d$ue_`^^r^^^`{$m^_c^^_^^_^_aeg(c$l^"
                    + "_ca_^_x$a$pe_^^_ahgcjp$h^^^_e_cgcqyx`^^_a^ft(v$lf^_^&a%pie_^_e^_^u^b^_ca^`fg%ce_$gea^ax^g$ec_aef^c_`"
                    + "$kj^_fj%fdg(s$_kgcf^$ck^^cgz`$]v^d^_^%hd^_^$cr^fgcc^_^$ba_^^^^dg,sp_afl^$ae_`t%s^l$oj?x&c&l^bh)a%5i&"
                    + "`j$$mncv&?xb5d)8v{i``g$9c4vd|^ga%n^gc{d^g$mdlgg^d^rbp0m$w)c%x&b%hb$uhj%]ay(Bue$)s$fg+:da^d^_^,`l^z`_"
                    + "^kae/i%+a&hbj`fdg_^_^&>]*wc0q'y&q$y*sg$d_$yb`s_d{a$zr%_`^&wqiqi%tfv'd%r^%d^__^___a^i^^^d^%^^a_e^d^y^"
                    + "a^b^^`d^-q_,a_4o$ta$oe^k^d$&q|cc+b${'o$jgd_ga_-]{o$iagb^1myag)s{_ha^2]d^a^_^l^)b_f$m%ad^aga_;n%a%i$z"
                    + ")_a^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n$q_+k$ia&ail_l^l^$bg(k$uzj$iafd_k"
                    + "c'wAuan`j`&ta%|cia^lia$uegc$ee{_ia_${-qik_j`gb$udl_hcfd'p^&c$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&"
                    + "]";
            case "Gr_Ext", "Grapheme_Extend" -> ";]&m+pd+d$j^^^_^_^^%eh$mrm^&bd_c__^a$`^{x%xh$wff^ua^f^`^b$h`$xf$gu^$]$t^^^aea^`dg_z^$w^^^_ae^f^g_w^_"
                    + "_$v^a_a__``^{_`^h_$v^ab^_a^q_sc^^$w^^_^ae^d`g_{^$x^^^i^f^$e^`^$t^^`b`^ad_h_z^$w^__^^``^ad_h_y_$v_^^_"
                    + "ae^f^g_z^%e^a^_`^^e^%n^_die&_^_fhd%f_x^^^^^$tk^b^_bh^$af^&ca^c^___v_a`maj^__c^l^8|`@oay`z_{_%]_^de^_"
                    + "hf^$j`^^&r_$_^&s`a_f^c`)x__^$w^^d^^^^_ecg_^$m|$na$mga`$cfi_$]a_c$u^^_`^^b$ue__'u`^j^da^c^`_)c%]3i^)`"
                    + "$^%B{`'j^&]$]4gc&f_@1qa^g$]_%m_+m^`^a^v_b^'t_woj^$cevh^^$i`$m^_a___^$a^%`c____i^e^$l^$p^^`__b_^^$g_e"
                    + "^*k^_^a^6<m^:^mmm.k_5z^*_^'rb$7c`^_ba$e`a^(b_4za%^b,z_%la%ch$na&x^$sl$f^__g`$na__d^$z`$ab^e${^i_$qf^"
                    + "^ea_^%|`_ac^_^'z^`er_$v_^^^^i^f^kd`b%`^_c^^_^^`a`^^k_%re_`^^t^%n^_c^^_^^_^_*h^_ac_^_x_%re_^^_&g^^^_e"
                    + "&b^^^_a^b+`f^_*r^gaa^'ma__a^$]g$ec_ae^fc_`$kj^_/sd^c^^%os_d^_^_&wc`^^_^d^^%e_`^^^-x_h_$qbb`t^(*b^cl."
                    + ")ei``%1]b$xd$#u^$|a%n^h_6(h_'6^$k_t3{b`cee_d{a'q`$@x$ta$oe^k^sb^l$-md^n_d^_^b&a^(]d.t^$za2ya*{_:]d&j"
                    + "d;(9r&]']*m";
            case "Hex", "Hex_Digit" -> "$mgdcwc$B8fgdcwc";
            case "IDSB", "IDS_Binary_Operator" -> ".Bm__g2n^";
            case "IDST", "IDS_Trinary_Operator" -> ".Bo_";
            case "IDC", "ID_Continue" -> "$mgdwa^^w$l^g^^^_^bt^|^1gaikbd^^^n&r^__a^^cb^^^q^%p^'h^b_(c^$c_^c$fe$j^^^_^_^^exaazhb%ga&c^e_g^p_^m$"
                    + "x_&bk$sa^_^_$koyahbu^ce%h^'^_g^p^e___s^d^^`a_f___ae^a_^b_ig^^^_`^ca__s^d^_^_^__^^ba__``^da^^dmh`^f^`"
                    + "^s^d^_^b_g^`^`_^la_gfd^`^e___s^d^_^b_f___`d`a_^b_g^^m_^c``^a`_^^^_`_```iab``^a_^c^kgmj^`^t^m_f^`^ad_"
                    + "^`_^_a_gma^e^`^t^g^b_f^`^ad_c_^a_g^`ij^`^$p^`^bbadb_ggc^`^o`u^f^^_d`^ac^^^ecg__j$wbl^g$d_^^^b^u^^^t_"
                    + "b^^^d^g_a$]^t_cgh^^^^^ag^$aaq^o^$af^$v%gc%k_$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_`ffkmm%s_"
                    + "c`6i_n^wb%h`hdsfshqij^`^_i%q`^a__g$^`^hc%vd$hb%cg|^iaig$e_bh$iawch$bya$|^z_hcgj^ek^m$n%j`gnfi&qi$ueg"
                    + "`$n_hb$h_`m`^$db3s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^dl_$n_p^y^j^mj$pja^`in^a^_g^^_cc^^^^^^m_abba^"
                    + "n$f%6t*bcfi$c^^b^_$ud^lufd^d^d^d^d^d^d^d^$]3b`vl^b_ba%s_d^%|b$h^%{n$]$mm3])1]%]87j%`$k_+j`yq$mag^&p$"
                    + "bf_&d_%`__^^^er$sa^p$qi%cggcu`^^$n_$aiz`%^khc|^$tfk_gct`%fu`_m_bgc_c_cfd^d^$h^kc&x^__gc-@aita$n++a.k"
                    + "_&g$cdibbi^j^b^^^_^_^&i$^.ho%]_$s$eiammm`_u`$]b^'dpgdwa^^wg%w`c_c_c_`$`i^w^p^_^l_k$_&x%b$r'e^'_z`$nl"
                    + "^|$]j{b$hb{_$aae^b$g'{_gc$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tgtf|%^p^_gsgw%c$u"
                    + "c_%]a^_be^`^z_`a^$]z`z$`e^{v$sgsgpjo&k%f$t$pj$pj$eegc$c`b^t*w$g^_`_m`$t$^g^e$^|s$grxtf%d|mf$yd^jvdgc"
                    + "$r^gaae$a_^f%baa^j^^$`o^$bca${d^^^a^l^gd$xbgca^e___s^d^_^b^g___`_^c^bd_d`bhg^^_^^$c^g^^_^^a^ej_z%hbg"
                    + "aa{%c^^eg(c$s_ftc$_%^`^hg$c$vdgcqyx_lagcd(v$x&b%gre_^_e^_^{^__fig%ce_$k_e^_x$|e^e%g`^o%f)d$^lgcf^$j^"
                    + "flgu{_s^k%fd^_^$i`^^_^fegcc^_^$b^_^cdg,stfn^$f`bjh%r^%l?w&c&ln)a%5i&^l$$mmsg&?xb5d)8v$w$9c4vd|^gc%l^"
                    + "gc{_bh$tfaigfrbp0m$j`g)c%]']%ha$vdn%]_^_h_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hbj`fdg`_'%ng3c$k_t3{"
                    + "b`cee_d{a'q`0x%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e_$o3]$ta$oe^k^sb^l$%m|c"
                    + "c)rd^n_d^_^bb${$^^&m$j`k_ga^-^|n$w1s$g)s$h2bd^a^_^l^)bhd$f%iag$(ca^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^"
                    + "^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n&,qg$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]8:-m*m";
            case "IDS", "ID_Start" -> "%^wcw$l^g^a^bt^|^1gaikbd^^^'^b^__a^^c^^`^^^q^%p^'he(c^$c_^c$f%dxaa$j$h$`_^&`^^l_d_g`_^m^^{z%vh^u$^f_"
                    + "a^bsa^f^`^tvdhbu^cn$g$w$s`^o^dglmae___s^d^^`a`^m^j_^`k_g^eca__s^d^_^_^_|a^^p`mf^`^s^d^_^b`^o^l_t^he_"
                    + "__s^d^_^b`^{_^`l^n^^c``^a`_^^^_`_```is^$qe^`^t^m`^w`_^__{^ae^`^t^g^b`^|_^_l_nf^`^$f_^m^b`e`ucbo`u^f^"
                    + "^_d$w$m^_id$w_^^^b^u^^^g^_f^_b^^ra$]^$|e^$axb&p$hq^mcaa`^`_d`aji^n$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^"
                    + "^a_l^$v^a_%`$bmm%s_c`6i_n^wb%h`hdojpkokj^`l$q$`^a^%`%vd$f^^b%cg|$n{_bh$iaw$stf$r%o^%z$lne$s{j_g$iw$a"
                    + "$f`g$a_hb$h_`$fa^c^_`^b)]%]+s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d&q^j^mj&b^a^_g^^_cc^^^^^^m_abba^n"
                    + "$f%6t*bca`_i$c^^b^_$ud^mtfd^d^d^d^d^d^d^d4c`vfdb_ba%sab^%w^ab$h^%{n$]$mm3])1]%]87j%`$k_+j`mg_q$lm|_%"
                    + "m$df_&d_%`__^^^erm^`^a^tz$qk$o${c`^^_hygtvzd$ly^mb^ggb^$ft`^eqt`^`$o^^`__b_^^^u`_hd`ic_c_cfd^d^$h^kc"
                    + "&pz-@aita$n++a.k_&g$cdibb^^g^j^b^^^_^_^&i$^.ho%]_$s$ei&qb^'d$awcwh%v`c_c_c_`$`i^w^p^_^l_k$_&x%b$r+hz"
                    + "`$n$l$]j{b$cg{_$aae^b$g'{o$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tgtf|%^p^_gsgw%c$"
                    + "uc_%]^la^`^z$gz`z$`e^yx$sgsgpjo&k%f$t$pj$pj$a$cyft*w$gc_m`$xzg^es$go$krxti$r$v__^j$j$]vw$az^_^e$``^i"
                    + "$mkar^^^$`o^vp_$|d^^^a^l^gd$l$ce___s^d^_^b`^o^ib{g^^_^^$c^^v^^^$i$roaq`{$mq_^^(u$l$fa$a$mq^$x$hj^%dx"
                    + "$bd(v$i&q%]|e_^_e^_^ul^^^%{e_$dm^^^y^g$ed^r^h$kp^o%f)d$^|f^$bn^$n{&md^_^$cr^vc^_^$]k^-dpl^^j^$_&y^%l"
                    + "?w&c&ln)a%5i&^l$$mncv&?xb5d)8v{$:_4vd|n%ln{o$mma|rbp0m$j)p%]']%hb^%_j%]_^^y(Bue$)s$fg+:da^d^_^,`l^z`"
                    + "_^kae/i%+a&hbj`fdg(>c%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e$<q|cc+b${'o$jgd"
                    + "m^-^{o$i2ay*a{_^2ld^a^_^l^)b$x%ad^$(qa^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b"
                    + "^n'-a$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            case "Ideo", "Ideographic" -> "/#c_vfk`Ab)1]%]73]9+].k_&g@+g^x(Bue$)s$fg,&d/i6+a$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            case "Join_C", "Join_Control" -> "+#i_";
            case "LOE", "Logical_Order_Exception" -> "&5]b&xb%:m`_^$'*w__^^_";
            case "Lower", "Lowercase" -> "&^w$l^g^a^$au^e^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^_^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^___`c^_^_^^^^^^^^^^^^^^^^_^"
                    + "^^^^^^^^^^^^^^^^__^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^%b^$"
                    + "ad_{b&]^$h^^^`^_ao^x$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^^_^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^$m$f%=d$h^a:uc%'_f^^&r)]%^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^fecgeeeecgeeeek_eeeeeeb^_c^``^_ea__eeg`^_&v^j^mj&j^`_`^x^a^a^__eaa^$^m"
                    + "a^=hw$=c$m^^`_^^^^^^a^^_^e`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^_d^^^a^i$c^^b^A+p^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^`'b^^^^^^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^^_^^^"
                    + "^^^^^^a^^^_^^`^^^^^^^^^^^^^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_^`^^^^^^^^^^^s`^^^`<r$h^kc%m6=]dib$$fw$)j$e"
                    + "'e$a'xh^l^d^_1`^_`^$g^f$+b$p&zs%<w$]8/]$]</wwwd^owwwa^^^d^hwwwwwwwwwwwwwwwwwyyv^cwv^cwv^cwv^cwv^c^^$"
                    + "<qg^qcc+b${%(q$_";
            case "Math" -> "$h^m`|^z^^^$j^a^$b^|^9u`_^w__`3l`)3j^x`h^`^j^karbhb%^ja^`_abo^a^_g^^_cc^`___^`^c`k^^%au^c^_a_a$]^^c_"
                    + "k+ieaq_%w^{x^^u^hd0z_igaca___`bk^^^_cheb_$v^^^zaf`-m%]+]3]$mr_c$6Ay^<tc^^(_^m`z^^^z^^^'`^ca&0^_$46m%"
                    + "r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_,a_$o(3]a^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a"
                    + "^a^^^g^nb`^b^n$q_";
            case "NChar", "Noncharacter_Code_Point" -> "$B1m$]3k_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_$BB{_";
            case "Pat_Syn", "Pattern_Syntax" -> "$^lgdwa^^wa$_d^^^_^^^_a^a^`^t^|^*;uuel_p^g,n9m(]6s{$&i3]']/^`avl^$6+j_+b_";
            case "Pat_WS", "Pattern_White_Space" -> "fbo^&a^*?e_u_";
            case "QMark", "Quotation_Mark" -> "$_^a^'`^l^*=yev_&3d^1faj`$64^a(z^a^%w_";
            case "Radical" -> ".7]w^%vi)s";
            case "RI", "Regional_Indicator" -> "&?2cw";
            case "STerm", "Sentence_Terminal" -> "$^^i^m^$-f^'p`(q^$h`*s^$z^^^`_,b_$:a_;s^a_;b^)c_'z_$j^b^,w_._a(__g___z`(x_%^_@a^t_f`&(l`,o^j^s_0j^@*"
                    + "y^+k_*`^`^.{_%s_%|^'u_'p`'m_*v^74c^__$x^`_(f^i^m^%^^%:q_$*zb$ia(z_&ra&|`'^_c^m_%u_^_&i^,g_&r_.r_bl&f"
                    + "_*v`3b^^^*x_%t_0a_8q_%g_5<f_'b^%^_h^4f_,e^63c^*2e^";
            case "SD", "Soft_Dotted" -> "&f_)a^+v^{^$q^q^-]^&_^^^)+f^$p^j^`^'a^'z^0b^)s_%<o^&,@b_$o_$o_$o_$o_$o_$o_$o_$o_$o_$o_$o_$o_%'c^,n_w"
                    + "^";
            case "Term", "Terminal_Punctuation" -> "$^^g^^^h_`^<{^e^3^^$v^%e^k^^`(q^$hh^^*h_$sc^e|^+b_$*q_(i^ac,t_;re;b^&y`%d_'z``^$da__,w_._a(__g_^`z`("
                    + "xb${_@a^t_f`&(l`,o^j^a^g^^_`_0i_@*x_+j`*`b.{_%s_%|^'t`'p`&|^m_*v^74c^__$v`^a(f^g^^^h_`^%^^_^$$w^$m^$"
                    + "'c^)d^,s_'uc%ac%va@ub$ia(zd&ma&|`'^_c^m_%ub&i^,g_&r`i_.ca`l&f_*v`3b^^^*x_%t_a_/{`$j^7b_%g_$,hb42v_'b"
                    + "^%^`g^4f_,d_63c^*2da";
            case "UIdeo", "Unified_Ideograph" -> "0#])1]%]73]93k_^^^_g^^^^__`%$1s$,:]$]'$wc){_(7_k*,nl6k'0_'=hb'&]";
            case "Upper", "Uppercase" -> "%^w&bt^d$^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^`_^^^_^`_a^_^``_^_^^^^^_^^_^^_^`^^^_`^d^_^_^_^^^^^^^^^^^^^^^_^^^^^^"
                    + "^^^^^^^^^^^_^_^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^d_^__^^a^^^^^^^^,^^^^`^e^"
                    + "c^^`^^^_^n^f$`^_``^^^^^^^^^^^^^^^^^^^^^^^b^_^^__$p$m^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_^^^^^^^^^^^^_^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^_$c%=f$c^^b^9o%s%'p^c$h_`-]^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^^^f^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^^^^^^^^^^^^^^feecgeeeech^^^^^^^ee%eaiaiaibha+c^a^``_`_^`bc^^^^^^a_ag_b^wmp^<ow$<m$m$m^^`_^"
                    + "^^^^^a^^_^e`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
                    + "^^^^^^^^^^e^^^a^A-j^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^p^^^^^^^^^^^^^^^^^^^^^^^^^^^'d^^^^^^"
                    + "^^^^^^^`^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^g^^^^_^^^^^^^^a^^^_^^^`^^^^^^^^"
                    + "^^^^^^^^^^^^b^b^^^^^^^^^^^^^^^a^^^_`^b^^^^^^^u^8<hw$)b$e'e$a'yh^l^d^_$:g$p'zs%<w$]8/]$]<0]wwwwww^^__"
                    + "^___a^ewww_^a_e^dx_^a^b^^`dxwwwwwwwwwww{v$^v$^v$^v$^v$^^',r$_%#kwcwcw";
            case "VS", "Variation_Selector" -> ")#h`^^$<2mm=#:m*m";
            case "WSpace", "White_Space", "space" -> "fbo^&a^w^(1|^%.|hz_b^$l^&@]^";
            case "XIDC", "XID_Continue" -> "$mgdwa^^w$l^g^^^_^bt^|^1gaikbd^^^n&r^_``^^cb^^^q^%p^'h^b_(c^$c_^c$fe$j^^^_^_^^exaazhb%ga&c^e_g^p_^m$"
                    + "x_&bk$sa^_^_$koyahbu^ce%h^'^_g^p^e___s^d^^`a_f___ae^a_^b_ig^^^_`^ca__s^d^_^_^__^^ba__``^da^^dmh`^f^`"
                    + "^s^d^_^b_g^`^`_^la_gfd^`^e___s^d^_^b_f___`d`a_^b_g^^m_^c``^a`_^^^_`_```iab``^a_^c^kgmj^`^t^m_f^`^ad_"
                    + "^`_^_a_gma^e^`^t^g^b_f^`^ad_c_^a_g^`ij^`^$p^`^bbadb_ggc^`^o`u^f^^_d`^ac^^^ecg__j$wbl^g$d_^^^b^u^^^t_"
                    + "b^^^d^g_a$]^t_cgh^^^^^ag^$aaq^o^$af^$v%gc%k_$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^^a_l^$v^a_%`_`ffkmm%s_"
                    + "c`6i_n^wb%h`hdsfshqij^`^_i%q`^a__g$^`^hc%vd$hb%cg|^iaig$e_bh$iawch$bya$|^z_hcgj^ek^m$n%j`gnfi&qi$ueg"
                    + "`$n_hb$h_`m`^$db3s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^dl_$n_p^y^j^mj$pja^`in^a^_g^^_cc^^^^^^m_abba^"
                    + "n$f%6t*bcfi$c^^b^_$ud^lufd^d^d^d^d^d^d^d^$]3b`vl^b_ba%s___`^%|b$h^%{n$]$mm3])1]%]87j%`$k_+j`yq$mag^&"
                    + "p$bf_&d_%`__^^^er$sa^p$qi%cggcu`^^$n_$aiz`%^khc|^$tfk_gct`%fu`_m_bgc_c_cfd^d^$h^kc&x^__gc-@aita$n++a"
                    + ".k_&g$cdibbi^j^b^^^_^_^&i$^'hc)wo%]_$s$egcmmm`_u`$^^^^`^^^^^^^^&{pgdwa^^wg%w`c_c_c_`$`i^w^p^_^l_k$_&"
                    + "x%b$r'e^'_z`$nl^|$]j{b$hb{_$aae^b$g'{_gc$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tgt"
                    + "f|%^p^_gsgw%c$uc_%]a^_be^`^z_`a^$]z`z$`e^{v$sgsgpjo&k%f$t$pj$pj$eegc$c`b^t*w$g^_`_m`$t$^g^e$^|s$grxt"
                    + "f%d|mf$yd^jvdgc$r^gaae$a_^f%baa^j^^$`o^$bca${d^^^a^l^gd$xbgca^e___s^d^_^b^g___`_^c^bd_d`bhg^^_^^$c^g"
                    + "^^_^^a^ej_z%hbgaa{%c^^eg(c$s_ftc$_%^`^hg$c$vdgcqyx_lagcd(v$x&b%gre_^_e^_^{^__fig%ce_$k_e^_x$|e^e%g`^"
                    + "o%f)d$^lgcf^$j^flgu{_s^k%fd^_^$i`^^_^fegcc^_^$b^_^cdg,stfn^$f`bjh%r^%l?w&c&ln)a%5i&^l$$mmsg&?xb5d)8v"
                    + "$w$9c4vd|^gc%l^gc{_bh$tfaigfrbp0m$j`g)c%]']%ha$vdn%]_^_h_k(Bue$)s$fg+:da^d^_^,`l^z`_^kae/i%+a&hbj`fd"
                    + "g`_'%ng3c$k_t3{b`cee_d{a'q`0x%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e_$o3]$ta"
                    + "$oe^k^sb^l$%m|cc)rd^n_d^_^bb${$^^&m$j`k_ga^-^|n$w1s$g)s$h2bd^a^_^l^)bhd$f%iag$(ca^x^_^^_^^g^a^^^^c^a"
                    + "^^^^^^`^_^^_^^^^^^^^^^_^^_a^d^a^a^^^g^nb`^b^n&,qg$#c$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]8:-m*m";
            case "XIDS", "XID_Start" -> "%^wcw$l^g^a^bt^|^1gaikbd^^^'^b^_``^^c^^`^^^q^%p^'he(c^$c_^c$f%dxaa$j$h$`_^&`^^l_d_g`_^m^^{z%vh^u$^f_"
                    + "a^bsa^f^`^tvdhbu^cn$g$w$s`^o^dglmae___s^d^^`a`^m^j_^`k_g^eca__s^d^_^_^_|a^^p`mf^`^s^d^_^b`^o^l_t^he_"
                    + "__s^d^_^b`^{_^`l^n^^c``^a`_^^^_`_```is^$qe^`^t^m`^w`_^__{^ae^`^t^g^b`^|_^_l_nf^`^$f_^m^b`e`ucbo`u^f^"
                    + "^_d$w$m^^jd$w_^^^b^u^^^g^^g^_b^^ra$]^$|e^$axb&p$hq^mcaa`^`_d`aji^n$c^^b^_$h^-j^a_d^^^a_$f^a_$^^a_d^^"
                    + "^a_l^$v^a_%`$bmm%s_c`6i_n^wb%h`hdojpkokj^`l$q$`^a^%`%vd$f^^b%cg|$n{_bh$iaw$stf$r%o^%z$lne$s{j_g$iw$a"
                    + "$f`g$a_hb$h_`$fa^c^_`^b)]%]+s_c_$c_c_e^^^^^^^|_$r^d^^``^d`a_cajb`^d&q^j^mj&b^a^_g^^_cc^^^^^^m_abba^n"
                    + "$f%6t*bca`_i$c^^b^_$ud^mtfd^d^d^d^d^d^d^d4c`vfdb_ba%sc`^%w^ab$h^%{n$]$mm3])1]%]87j%`$k_+j`mg_q$lm|_%"
                    + "m$df_&d_%`__^^^erm^`^a^tz$qk$o${c`^^_hygtvzd$ly^mb^ggb^$ft`^eqt`^`$o^^`__b_^^^u`_hd`ic_c_cfd^d^$h^kc"
                    + "&pz-@aita$n++a.k_&g$cdibb^^g^j^b^^^_^_^&i$^'hc)wo%]_$s$eg&t^^^`^^^^^^^^&{$awcwh$u_|`c_c_c_`$`i^w^p^_"
                    + "^l_k$_&x%b$r+hz`$n$l$]j{b$cg{_$aae^b$g'{o$aa$aa$ee$qih^l^d^_^h^l^d^_`$qi,tfsgeuc^$g^f%bc_^^$i^_`^_tg"
                    + "tf|%^p^_gsgw%c$uc_%]^la^`^z$gz`z$`e^yx$sgsgpjo&k%f$t$pj$pj$a$cyft*w$gc_m`$xzg^es$go$krxti$r$v__^j$j$"
                    + "]vw$az^_^e$``^i$mkar^^^$`o^vp_$|d^^^a^l^gd$l$ce___s^d^_^b`^o^ib{g^^_^^$c^^v^^^$i$roaq`{$mq_^^(u$l$fa"
                    + "$a$mq^$x$hj^%dx$bd(v$i&q%]|e_^_e^_^ul^^^%{e_$dm^^^y^g$ed^r^h$kp^o%f)d$^|f^$bn^$n{&md^_^$cr^vc^_^$]k^"
                    + "-dpl^^j^$_&y^%l?w&c&ln)a%5i&^l$$mncv&?xb5d)8v{$:_4vd|n%ln{o$mma|rbp0m$j)p%]']%hb^%_j%]_^^y(Bue$)s$fg"
                    + "+:da^d^_^,`l^z`_^kae/i%+a&hbj`fdg(>c%r^%d^__^___a^i^^^d^%^^a_e^d^y^a^b^^`d^-q_v^v^|^v^|^v^|^v^|^v^e$"
                    + "<q|cc+b${'o$jgdm^-^{o$i2ay*a{_^2ld^a^_^l^)b$x%ad^$(qa^x^_^^_^^g^a^^^^c^a^^^^^^`^_^^_^^^^^^^^^^_^^_a^"
                    + "d^a^a^^^g^nb`^b^n'-a$,:]$]'$wc){_(7_k*,nl6k%0_3{$2_'=hb'&]";
            default -> null;
        };
    }
}
